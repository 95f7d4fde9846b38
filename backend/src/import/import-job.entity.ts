import { Column, Entity, PrimaryColumn } from 'typeorm';
import { dateColumnType } from '../database/column-types';
import type { ImportReport } from './import-report';

export type ImportJobState = 'running' | 'done' | 'failed';

/**
 * An import started from the admin: its progress and, at the end, its report. In the database, so that every
 * instance behind a load balancer answers the progress of a job another one runs, and one import runs at a time.
 */
@Entity('import_jobs')
export class ImportJob {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 20 })
  state: ImportJobState;

  @Column({ type: 'boolean', default: false })
  dryRun: boolean;

  @Column({ type: 'varchar', length: 255 })
  fileName: string;

  @Column({ type: 'integer', default: 0 })
  total: number;

  @Column({ type: 'integer', default: 0 })
  processed: number;

  /** The title of the entry being imported. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  current: string | null;

  @Column({ type: 'simple-json', nullable: true })
  report: ImportReport | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  error: string | null;

  @Column({ type: dateColumnType() })
  startedAt: Date;

  /** Written with every progress: a running job not heard of for a minute died with its instance. */
  @Column({ type: dateColumnType() })
  heartbeatAt: Date;
}
