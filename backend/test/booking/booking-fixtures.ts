export * from '../support/fixtures';
