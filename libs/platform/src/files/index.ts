export * from './accepted-upload';
export * from './file-links';
export * from './file-type';
export * from './media-references';
export * from './send-stored-file';
export * from './spreadsheet';
