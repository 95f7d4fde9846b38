import type { AppConfig } from '../config/app-config';
import { DiskUploadStorage } from './disk-storage';
import { S3UploadStorage } from './s3-storage';
import type { UploadStorage } from './storage';

/** The bucket when S3_BUCKET is set, otherwise `DATA_DIR/uploads` (the server, backups and the CLIs all ask here). */
export function createUploadStorage(config: Pick<AppConfig, 'uploadsDir' | 's3'>): UploadStorage {
  return config.s3 ? new S3UploadStorage(config.s3) : new DiskUploadStorage(config.uploadsDir);
}
