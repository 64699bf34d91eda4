/**
 * The multipart body of a document upload, as the API reads it (one part `file`, streamed to the
 * storage there); openapi-fetch sends a FormData as it is, with its boundary.
 */
export function documentForm(file: File): { file: string } {
  const form = new FormData();
  form.append('file', file, file.name.slice(0, 255));
  return form as unknown as { file: string };
}
