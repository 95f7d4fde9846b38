import type { AppConfig } from '../config/app-config';
import { DiskUploadStorage } from './disk-storage';
import type { UploadStorage } from './storage';

/**
 * The bucket when S3_BUCKET is set, otherwise `DATA_DIR/uploads` (the server, backups and the CLIs all ask here).
 * The AWS SDK is loaded only for a bucket: it adds about a quarter of a second to every start.
 */
export async function createUploadStorage(config: Pick<AppConfig, 'uploadsDir' | 's3'>): Promise<UploadStorage> {
  if (!config.s3) return new DiskUploadStorage(config.uploadsDir);
  const { S3UploadStorage } = await import('./s3-storage');
  return new S3UploadStorage(config.s3);
}
