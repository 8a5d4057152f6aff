// The few parts of @koa/multer (and multer underneath) the photo upload uses; neither ships its own types.
declare module '@koa/multer' {
  import type { Middleware } from 'koa';

  interface UploadedFile {
    fieldname: string;
    originalname: string;
    mimetype: string;
    size: number;
    buffer: Buffer;
  }

  interface Limits {
    fieldNameSize?: number;
    fieldSize?: number;
    fields?: number;
    fileSize?: number;
    files?: number;
    parts?: number;
    headerPairs?: number;
  }

  interface Multer {
    single(fieldName: string): Middleware;
  }

  interface MulterFactory {
    (options: { storage: unknown; limits?: Limits }): Multer;
    memoryStorage(): unknown;
  }

  const multer: MulterFactory;
  export default multer;
  export type { UploadedFile };
}

declare module 'multer' {
  export class MulterError extends Error {
    code: string;
    field?: string;
  }
}
