import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsUrl, MaxLength } from 'class-validator';
import type { ImportJob, ImportJobState } from '../import-job.entity';
import type { ImportCounts, ImportNote, ImportReport } from '../import-report';

/** A job not heard of for this long died with its instance (a restart, a crash): it shows as failed. */
export const IMPORT_HEARTBEAT_TIMEOUT_MS = 60_000;

export class StartImportDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: 'A WordPress export (WXR), a Blogger export (Atom) or a Ghost export (JSON)',
  })
  file: unknown;

  @ApiPropertyOptional({
    description:
      "The old blog's address (https://…), for a Ghost export: Ghost does not write it in the file, and its images' and links' addresses are relative to it",
    maxLength: 300,
  })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? undefined : value))
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })
  @MaxLength(300)
  siteUrl?: string;

  @ApiPropertyOptional({ description: 'Read the file and report what the import would do, writing nothing', default: false })
  @IsOptional()
  @Transform(({ value }) => value === true || value === 'true' || value === '1')
  @IsBoolean()
  dryRun?: boolean;
}

/** The form's fields without the file (which multer takes out of the body). */
export class StartImportFields extends OmitType(StartImportDto, ['file'] as const) {}

export class ImportCountsDto implements ImportCounts {
  @ApiProperty({ description: 'New here' })
  imported: number;

  @ApiProperty({ description: 'Imported before and changed on the old blog since: updated in place' })
  updated: number;

  @ApiProperty({ description: 'Imported before and the same: left alone' })
  unchanged: number;
}

export class ImportNoteDto implements ImportNote {
  @ApiProperty({ description: "The entry's title, or the image's address" })
  title: string;

  @ApiProperty()
  reason: string;
}

export class ImportReportDto implements ImportReport {
  @ApiProperty({ enum: ['wordpress', 'blogger', 'ghost'] })
  platform: ImportReport['platform'];

  @ApiProperty({ type: String, nullable: true, description: "The old blog's address, as the file gives it" })
  siteUrl: string | null;

  @ApiProperty()
  dryRun: boolean;

  @ApiProperty({ type: ImportCountsDto })
  posts: ImportCountsDto;

  @ApiProperty({ type: ImportCountsDto })
  pages: ImportCountsDto;

  @ApiProperty({ description: 'Comments added' })
  comments: number;

  @ApiProperty({ description: 'Categories created (one of the same name or slug here is reused)' })
  categories: number;

  @ApiProperty({ description: 'Redirects created from the old addresses' })
  redirects: number;

  @ApiProperty({ description: 'Images fetched from the old site and stored here' })
  imagesFetched: number;

  @ApiProperty({ type: [ImportNoteDto], description: 'Images left on the old site, and why (the first 200)' })
  imagesKeptRemote: ImportNoteDto[];

  @ApiProperty()
  imagesKeptRemoteCount: number;

  @ApiProperty({ type: [ImportNoteDto], description: 'Entries left out, and why (the first 200)' })
  skipped: ImportNoteDto[];

  @ApiProperty()
  skippedCount: number;

  @ApiProperty({ description: 'How long it took' })
  seconds: number;
}

export class ImportJobDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: ['running', 'done', 'failed'] })
  state: ImportJobState;

  @ApiProperty()
  dryRun: boolean;

  @ApiProperty()
  fileName: string;

  @ApiProperty({ description: 'Posts and pages in the file' })
  total: number;

  @ApiProperty({ description: 'Posts and pages done so far' })
  processed: number;

  @ApiProperty({ type: String, nullable: true, description: 'The title of the entry being imported' })
  current: string | null;

  @ApiProperty({ type: ImportReportDto, nullable: true, description: 'Once done' })
  report: ImportReportDto | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why it failed' })
  error: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  startedAt: string;

  static from(job: ImportJob, now = Date.now()): ImportJobDto {
    const lost = job.state === 'running' && now - job.heartbeatAt.getTime() > IMPORT_HEARTBEAT_TIMEOUT_MS;
    return {
      id: job.id,
      state: lost ? 'failed' : job.state,
      dryRun: job.dryRun,
      fileName: job.fileName,
      total: job.total,
      processed: job.processed,
      current: job.current,
      report: job.report,
      error: lost ? 'The import stopped with its server (a restart): run it again to finish it' : job.error,
      startedAt: job.startedAt.toISOString(),
    };
  }
}

export class ImportJobListDto {
  @ApiProperty({ type: [ImportJobDto], description: 'The latest imports, newest first' })
  items: ImportJobDto[];
}
