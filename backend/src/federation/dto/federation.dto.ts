import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { PageLimit, PageOffset } from '../../common/paging';
import { trim } from '../../common/transforms';
import { BLOCK_KINDS, type BlockKind } from '../federation-block.entity';
import { DELIVERY_STATUSES, ACTIVITY_TYPES, type DeliveryStatus, type OutgoingActivityType } from '../federation-activity.entity';
import { FOLLOWER_STATUSES, type FollowerStatus } from '../follower.entity';

/** The name before the @ of the blog's fediverse handle: what Mastodon accepts as a user name. */
export const HANDLE_PATTERN = /^[a-z0-9_]{1,30}$/;

export class FederationSettingsDto {
  @ApiProperty({
    description: "The name of the blog's account, before the @ of its handle",
    example: 'blog',
    pattern: HANDLE_PATTERN.source,
  })
  handle: string;
  @ApiProperty({ description: 'The full handle people search for on their server', example: '@blog@example.com' }) account: string;
  @ApiProperty({
    description: "The blog actor's id (ActivityPub), which does not change with the handle",
    example: 'https://example.com/ap/actor',
  })
  actorUrl: string;
  @ApiProperty({ description: 'Follows wait for the author to approve them (else they are accepted at once)' }) approveFollows: boolean;
}

/** GET /api/federation/account: what a post's page names as its author on the fediverse. */
export class FediverseAccountDto {
  @ApiProperty({ description: "The blog's fediverse handle, as link previews credit it", example: '@blog@example.com' })
  account: string;
}

/** PATCH /api/federation/settings */
export class UpdateFederationSettingsDto {
  @ApiPropertyOptional({
    description: 'Lower-case latin letters, digits and _, 1 to 30 characters',
    example: 'blog',
    pattern: HANDLE_PATTERN.source,
  })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Matches(HANDLE_PATTERN, { message: 'handle must be 1 to 30 lower-case latin letters, digits or _' })
  handle?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  approveFollows?: boolean;
}

export class FollowerDto {
  @ApiProperty() id: number;
  @ApiProperty({ description: "The follower's actor id", example: 'https://mastodon.example/users/sara' }) actorUrl: string;
  @ApiProperty({ example: '@sara@mastodon.example' }) handle: string;
  @ApiProperty({ description: 'Display name, plain text' }) name: string;
  @ApiProperty({ type: String, nullable: true }) avatarUrl: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The profile page to link to' }) profileUrl: string | null;
  @ApiProperty({ enum: FOLLOWER_STATUSES, enumName: 'FollowerStatus', description: 'pending: waits for approval' })
  status: FollowerStatus;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class FollowerListDto {
  @ApiProperty({ type: [FollowerDto], description: 'Newest first' }) items: FollowerDto[];
  @ApiProperty({ description: 'Every follower in the state asked for' }) total: number;
}

export class FollowerCountsDto {
  @ApiProperty({ description: 'Followers who get the posts' }) accepted: number;
  @ApiProperty({ description: 'Follow requests waiting for approval' }) pending: number;
}

/** GET /api/federation/followers */
export class ListFollowersQuery {
  @ApiPropertyOptional({ enum: FOLLOWER_STATUSES, enumName: 'FollowerStatus', default: 'accepted' })
  @IsOptional()
  @IsIn(FOLLOWER_STATUSES)
  status?: FollowerStatus;

  @PageLimit({ items: 'Followers' })
  limit?: number;

  @PageOffset()
  offset?: number;
}

export class DeliveryDto {
  @ApiProperty() id: number;
  @ApiProperty({ enum: ACTIVITY_TYPES, enumName: 'FederationActivityType' }) activityType: OutgoingActivityType;
  @ApiProperty({ type: Number, nullable: true, description: 'The post the activity is about (null for Accept and Reject)' })
  postId: number | null;
  @ApiProperty({ description: "The inbox it goes to (a server's shared inbox when it has one)" }) inboxUrl: string;
  @ApiProperty({
    enum: DELIVERY_STATUSES,
    enumName: 'DeliveryStatus',
    description:
      'pending (waiting for its time), sending, delivered, failed (gave up after the retries), gone (the server answered 404 or 410)',
  })
  status: DeliveryStatus;
  @ApiProperty() attempts: number;
  @ApiProperty({ type: String, nullable: true, description: 'The last failure, in a line' }) lastError: string | null;
  @ApiProperty({ type: Number, nullable: true, description: "The receiving server's last HTTP status" }) lastStatusCode: number | null;
  @ApiProperty({ format: 'date-time', description: 'When it is tried next (while pending)' }) nextAttemptAt: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) deliveredAt: string | null;
}

export class DeliveryListDto {
  @ApiProperty({ type: [DeliveryDto], description: 'Newest first' }) items: DeliveryDto[];
  @ApiProperty() total: number;
}

export class DeliveryCountsDto {
  @ApiProperty() pending: number;
  @ApiProperty() sending: number;
  @ApiProperty() delivered: number;
  @ApiProperty() failed: number;
  @ApiProperty() gone: number;
}

/** GET /api/federation/deliveries */
export class ListDeliveriesQuery {
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES, enumName: 'DeliveryStatus', description: 'Only this state (all when left out)' })
  @IsOptional()
  @IsIn(DELIVERY_STATUSES)
  status?: DeliveryStatus;

  @PageLimit({ items: 'Deliveries' })
  limit?: number;

  @PageOffset()
  offset?: number;
}

export class BlockDto {
  @ApiProperty() id: number;
  @ApiProperty({
    enum: BLOCK_KINDS,
    enumName: 'FederationBlockKind',
    description: 'domain: a server and its subdomains; actor: one account',
  })
  kind: BlockKind;
  @ApiProperty({ description: 'A host name (domain) or an actor id (actor)', example: 'spam.example' }) value: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class BlockListDto {
  @ApiProperty({ type: [BlockDto], description: 'Newest first' }) items: BlockDto[];
  @ApiProperty() total: number;
}

/** GET /api/federation/blocks */
export class ListBlocksQuery {
  @PageLimit({ items: 'Blocks' })
  limit?: number;

  @PageOffset()
  offset?: number;
}

/** POST /api/federation/blocks */
export class CreateBlockDto {
  @ApiProperty({
    maxLength: 2000,
    description:
      'A server (`spam.example`: its subdomains too) or one account by its actor id (`https://spam.example/users/x`, as its server names it).',
    example: 'spam.example',
  })
  @Transform(trim)
  @IsString()
  @MinLength(1, { message: 'value is required' })
  @MaxLength(2000)
  value: string;
}

export class ReactionCountsDto {
  @ApiProperty() postId: number;
  @ApiProperty({ description: 'Likes (favourites) from the fediverse' }) likes: number;
  @ApiProperty({ description: 'Boosts (announces) from the fediverse' }) boosts: number;
}
