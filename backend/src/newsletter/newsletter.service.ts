import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError, Repository } from 'typeorm';
import { AttemptLimiter } from '../common/attempt-limiter';
import { SubscriberDto } from './newsletter.dto';
import { Subscriber } from './subscriber.entity';

@Injectable()
export class NewsletterService {
  private readonly subscribers: Repository<Subscriber>;

  constructor(dataSource: DataSource) {
    this.subscribers = dataSource.getRepository(Subscriber);
  }

  /** Sign-ups from one address: 10 an hour, so the public form cannot be used to fill the table. */
  private readonly signUps = new AttemptLimiter(10, 60 * 60_000, 'Too many subscriptions from this address; try again later');

  /** Idempotent: an address subscribed twice stays one subscriber. Returns whether it is new. */
  async subscribe(email: string, ip: string): Promise<boolean> {
    this.signUps.consume([ip]);
    if (await this.subscribers.existsBy({ email })) return false;
    try {
      await this.subscribers.insert({ email });
      return true;
    } catch (error) {
      if (error instanceof QueryFailedError) return false; // a simultaneous identical subscription won the race
      throw error;
    }
  }

  async listSubscribers(): Promise<SubscriberDto[]> {
    return (await this.subscribers.find({ order: { createdAt: 'DESC', id: 'DESC' } })).map(SubscriberDto.from);
  }
}
