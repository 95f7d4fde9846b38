import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, MaxLength } from 'class-validator';
import { Subscriber } from './subscriber.entity';

export class SubscribeDto {
  @ApiProperty({ format: 'email' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(255)
  email: string;
}

export class SubscriberDto {
  @ApiProperty() id: number;
  @ApiProperty() email: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;

  static from(subscriber: Subscriber): SubscriberDto {
    return { id: subscriber.id, email: subscriber.email, createdAt: subscriber.createdAt.toISOString() };
  }
}
