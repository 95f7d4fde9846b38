import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { diskStorage } from 'multer';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { UploadModule } from '../upload/upload.module';
import { ImportController } from './import.controller';
import { ImportJobs } from './import-jobs.service';

/** Uploaded exports wait for their import beside the blog's data (a container's DATA_DIR is its volume). */
function uploadedExports(config: AppConfig) {
  const folder = join(config.dataDir, 'imports');
  mkdirSync(folder, { recursive: true });
  return { storage: diskStorage({ destination: folder, filename: (_request, _file, done) => done(null, randomUUID()) }) };
}

@Module({
  imports: [UploadModule, MulterModule.registerAsync({ useFactory: uploadedExports, inject: [APP_CONFIG] })],
  controllers: [ImportController],
  providers: [ImportJobs],
})
export class ImportModule {}
