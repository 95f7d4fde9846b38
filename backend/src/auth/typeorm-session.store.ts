import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Store, SessionData } from 'express-session';
import { DataSource, LessThan, Repository } from 'typeorm';
import { Session } from './session.entity';

const DAY_MS = 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 15 * 60 * 1000;

type Callback = (error?: unknown) => void;

/** express-session store on the app's own database, so sessions survive restarts and are shared by instances. */
@Injectable()
export class TypeormSessionStore extends Store implements OnModuleDestroy {
  private readonly sessions: Repository<Session>;
  private readonly pruneTimer: NodeJS.Timeout;

  constructor(dataSource: DataSource) {
    super();
    this.sessions = dataSource.getRepository(Session);
    this.pruneTimer = setInterval(() => void this.prune(), PRUNE_INTERVAL_MS);
    this.pruneTimer.unref();
  }

  get(sid: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    this.sessions
      .findOneBy({ sid })
      .then((row) => callback(null, row && row.expiresAt > Date.now() ? (JSON.parse(row.data) as SessionData) : null))
      .catch((error) => callback(error));
  }

  set(sid: string, session: SessionData, callback?: Callback): void {
    const expiresAt = session.cookie?.expires ? new Date(session.cookie.expires).getTime() : Date.now() + DAY_MS;
    this.sessions
      .upsert({ sid, data: JSON.stringify(session), expiresAt }, ['sid'])
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }

  destroy(sid: string, callback?: Callback): void {
    this.sessions
      .delete({ sid })
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }

  touch(sid: string, session: SessionData, callback?: Callback): void {
    this.set(sid, session, callback);
  }

  async prune(): Promise<void> {
    await this.sessions.delete({ expiresAt: LessThan(Date.now()) }).catch(() => undefined);
  }

  onModuleDestroy(): void {
    clearInterval(this.pruneTimer);
  }
}
