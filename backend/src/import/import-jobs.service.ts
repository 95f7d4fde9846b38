import { HttpStatus, Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { DataSource, MoreThan } from 'typeorm';
import { DomainError, notFound } from '../common/domain-error';
import { OutboundRequests } from '../common/outbound-requests';
import { ContentVersionWatcher } from '../database/content-version';
import { UploadService } from '../upload/upload.service';
import { IMPORT_HEARTBEAT_TIMEOUT_MS, ImportJobDto, ImportJobListDto } from './dto/import-job.dto';
import { ImportJob } from './import-job.entity';
import { ImportFileError, type OpenedImport } from './import-model';
import { Importer, type ImportProgress } from './importer';
import { openImport } from './sources/open-import';

/** Progress is written at most this often (the bar moves; the database is not asked at every entry). */
const PROGRESS_EVERY_MS = 500;
/** A running job says it is alive this often, even on an entry whose images take long to fetch. */
const HEARTBEAT_EVERY_MS = 10_000;
const LISTED_JOBS = 5;

/**
 * Imports started from the admin: the file checked before the answer (a file that is not an export is a 400 and
 * nothing is written), then imported in the background by this instance while any instance answers its progress
 * from the import_jobs row. One import at a time, across instances.
 */
@Injectable()
export class ImportJobs implements OnApplicationShutdown {
  private readonly logger = new Logger('Import');
  private running?: { id: string; stop: AbortController };

  constructor(
    private readonly dataSource: DataSource,
    @Inject(UploadService) private readonly uploads: UploadService,
    private readonly outbound: OutboundRequests,
    private readonly contentVersion: ContentVersionWatcher,
  ) {}

  async start(path: string, fileName: string, { dryRun, siteUrl }: { dryRun: boolean; siteUrl: string | null }): Promise<ImportJobDto> {
    let opened: OpenedImport;
    try {
      if (await this.anotherRunning()) {
        throw new DomainError('IMPORT_RUNNING', 'An import is running: wait for it to finish', HttpStatus.CONFLICT);
      }
      opened = await openImport(path, { siteUrl });
    } catch (error) {
      await rm(path, { force: true });
      if (error instanceof ImportFileError) throw new DomainError('IMPORT_FILE_INVALID', error.message, HttpStatus.BAD_REQUEST);
      throw error;
    }
    const now = new Date();
    const job = await this.dataSource.getRepository(ImportJob).save({
      id: randomUUID(),
      state: 'running',
      dryRun,
      fileName: fileName.slice(0, 255),
      total: opened.total,
      processed: 0,
      current: null,
      report: null,
      error: null,
      startedAt: now,
      heartbeatAt: now,
    });
    const stop = new AbortController();
    this.running = { id: job.id, stop };
    void this.run(job, opened, stop.signal).finally(() => {
      this.running = undefined;
      void rm(path, { force: true });
    });
    return ImportJobDto.from(job);
  }

  async find(id: string): Promise<ImportJobDto> {
    const job = await this.dataSource.getRepository(ImportJob).findOneBy({ id });
    if (!job) throw notFound('IMPORT_NOT_FOUND', 'Import not found');
    return ImportJobDto.from(job);
  }

  async latest(): Promise<ImportJobListDto> {
    const jobs = await this.dataSource.getRepository(ImportJob).find({ order: { startedAt: 'DESC' }, take: LISTED_JOBS });
    return { items: jobs.map((job) => ImportJobDto.from(job)) };
  }

  /** A `docker stop` ends the job between two entries: each entry is whole, and running the file again finishes it. */
  async onApplicationShutdown(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.stop.abort();
    await this.dataSource
      .getRepository(ImportJob)
      .update(
        { id: running.id, state: 'running' },
        { state: 'failed', error: 'The import stopped with its server: run it again to finish it' },
      )
      .catch(() => undefined);
  }

  private async anotherRunning(): Promise<boolean> {
    const fresh = new Date(Date.now() - IMPORT_HEARTBEAT_TIMEOUT_MS);
    return this.dataSource.getRepository(ImportJob).exists({ where: { state: 'running', heartbeatAt: MoreThan(fresh) } });
  }

  private async run(job: ImportJob, opened: OpenedImport, signal: AbortSignal): Promise<void> {
    const jobs = this.dataSource.getRepository(ImportJob);
    let written = 0;
    const heartbeat = setInterval(
      () => void jobs.update({ id: job.id }, { heartbeatAt: new Date() }).catch(() => undefined),
      HEARTBEAT_EVERY_MS,
    );
    heartbeat.unref();
    const onProgress = async ({ processed, current }: ImportProgress) => {
      if (Date.now() - written < PROGRESS_EVERY_MS) return;
      written = Date.now();
      await jobs.update({ id: job.id }, { processed, current: current?.slice(0, 500) ?? null, heartbeatAt: new Date() });
    };
    try {
      const report = await new Importer(this.dataSource, this.uploads, opened, {
        dryRun: job.dryRun,
        outbound: this.outbound,
        onProgress,
        signal,
      })
        .run()
        // What it wrote (announced by raising the content version, a failed import's part too) shows on this instance
        // before the job says it is over, not within the watch's few seconds; the other instances follow within them.
        .finally(() => this.contentVersion.look().catch(() => undefined));
      if (signal.aborted) return;
      await jobs.update({ id: job.id }, { state: 'done', processed: opened.total, current: null, report, heartbeatAt: new Date() });
      this.logger.log(`import of ${job.fileName} done in ${report.seconds} s`);
    } catch (error) {
      if (signal.aborted) return;
      const message = error instanceof ImportFileError ? error.message : 'The import failed: see the server log';
      this.logger.error(`import of ${job.fileName} failed`, error as Error);
      await jobs.update({ id: job.id }, { state: 'failed', error: message, heartbeatAt: new Date() }).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
    }
  }
}
