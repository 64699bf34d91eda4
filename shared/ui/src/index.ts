export { SECOND_FACTORS_TEXT, SecondFactorsPanel } from './SecondFactorsPanel.js';
export { VisuallyHiddenTable } from './VisuallyHiddenTable.js';
export { UploadProgress } from './UploadProgress.js';
