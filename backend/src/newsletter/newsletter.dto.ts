import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, MaxLength } from 'class-validator';
import { RECIPIENT_STATUSES, RecipientStatus } from './newsletter-mail.entity';
import { Subscriber, SUBSCRIBER_STATUSES, SubscriberStatus } from './subscriber.entity';

export class SubscribeDto {
  @ApiProperty({ format: 'email' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(255)
  email: string;
}

export class ListSubscribersQuery {
  @ApiPropertyOptional({ enum: SUBSCRIBER_STATUSES, enumName: 'SubscriberStatus' })
  @IsOptional()
  @IsIn(SUBSCRIBER_STATUSES)
  status?: SubscriberStatus;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export class SubscriberDto {
  @ApiProperty() id: number;
  @ApiProperty() email: string;
  @ApiProperty({ enum: SUBSCRIBER_STATUSES, enumName: 'SubscriberStatus' }) status: SubscriberStatus;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) confirmedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) unsubscribedAt: string | null;

  static from(subscriber: Subscriber): SubscriberDto {
    return {
      id: subscriber.id,
      email: subscriber.email,
      status: subscriber.status,
      createdAt: subscriber.createdAt.toISOString(),
      confirmedAt: iso(subscriber.confirmedAt),
      unsubscribedAt: iso(subscriber.unsubscribedAt),
    };
  }
}

export class SubscriberCountsDto {
  @ApiProperty() confirmed: number;
  @ApiProperty() pending: number;
  @ApiProperty() unsubscribed: number;
  @ApiProperty() total: number;
}

export class SendRecipientDto {
  @ApiProperty() email: string;
  @ApiProperty({ enum: RECIPIENT_STATUSES, enumName: 'RecipientStatus' }) status: RecipientStatus;
  @ApiProperty({ type: String, nullable: true, description: "The mail server's answer when it failed" }) error: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) sentAt: string | null;
}

export const SEND_STATUSES = ['not_sent', 'sending', 'done'] as const;

export class SendProgressDto {
  @ApiProperty() postId: number;
  @ApiProperty({ enum: SEND_STATUSES, enumName: 'SendStatus', description: 'not_sent until the author sends the post' })
  status: (typeof SEND_STATUSES)[number];
  @ApiProperty({ description: 'Recipients: the confirmed subscribers when the send started' }) total: number;
  @ApiProperty() sent: number;
  @ApiProperty() failed: number;
  @ApiProperty({ description: 'Unsubscribed before their mail went out' }) skipped: number;
  @ApiProperty({ description: 'Not yet sent' }) pending: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) startedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finishedAt: string | null;
  @ApiProperty({ type: [SendRecipientDto] }) recipients: SendRecipientDto[];
}
