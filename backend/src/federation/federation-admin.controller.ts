import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.decorator';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { Endpoint } from '../openapi/endpoint.decorator';
import {
  BlockDto,
  BlockListDto,
  CreateBlockDto,
  DeliveryCountsDto,
  DeliveryDto,
  DeliveryListDto,
  FederationSettingsDto,
  FediverseAccountDto,
  FollowerCountsDto,
  FollowerDto,
  FollowerListDto,
  ListBlocksQuery,
  ListDeliveriesQuery,
  ListFollowersQuery,
  ReactionCountsDto,
  UpdateFederationSettingsDto,
} from './dto/federation.dto';
import { FederationAdminService } from './federation-admin.service';
import { FederationSettingsService } from './federation-settings.service';

/** The author's side of the fediverse (docs/decisions/031): the handle, followers, deliveries, blocks, reaction counts. */
@ApiTags('federation')
@Controller('federation')
export class FederationAdminController {
  constructor(
    private readonly admin: FederationAdminService,
    private readonly settings: FederationSettingsService,
  ) {}

  @Public()
  @Get('account')
  @Endpoint({
    summary: "The blog's fediverse handle",
    description:
      'The handle people follow (`@handle@host`): post pages name it in `<meta name="fediverse:creator">`, which Mastodon shows as the author of a link preview.',
  })
  @ApiOkResponse({ type: FediverseAccountDto })
  getFediverseAccount(): Promise<FediverseAccountDto> {
    return this.settings.account();
  }

  @Get('settings')
  @Endpoint({
    summary: "The blog's fediverse settings",
    description: 'The handle (`@handle@host`, found by WebFinger), the actor id, and whether follows wait for approval.',
  })
  @ApiOkResponse({ type: FederationSettingsDto })
  @ApiErrors(401)
  getFederationSettings(): Promise<FederationSettingsDto> {
    return this.settings.view();
  }

  @Patch('settings')
  @Endpoint({
    summary: "Change the blog's fediverse settings",
    description:
      'Only the fields sent change. A new handle is found by WebFinger at once; the actor id stays, so followers keep following. Turning approval on holds the next follows (those accepted stay).',
  })
  @ApiOkResponse({ type: FederationSettingsDto })
  @ApiErrors(400, 401)
  updateFederationSettings(@Body() changes: UpdateFederationSettingsDto): Promise<FederationSettingsDto> {
    return this.settings.update(changes);
  }

  @Get('followers')
  @Endpoint({
    summary: 'List fediverse followers',
    description:
      '`status` accepted (the default: those who get the posts) or pending (follows waiting for approval), newest first, `limit` at a time (20 by default, at most 50) from `offset`, with the total.',
  })
  @ApiOkResponse({ type: FollowerListDto })
  @ApiErrors(400, 401)
  listFollowers(@Query() query: ListFollowersQuery): Promise<FollowerListDto> {
    return this.admin.listFollowers(query);
  }

  @Get('followers/counts')
  @Endpoint({ summary: 'Count fediverse followers', description: 'Accepted followers and follows waiting for approval.' })
  @ApiOkResponse({ type: FollowerCountsDto })
  @ApiErrors(401)
  countFollowers(): Promise<FollowerCountsDto> {
    return this.admin.followerCounts();
  }

  @Post('followers/:id/approve')
  @HttpCode(200)
  @Endpoint({
    summary: 'Approve a held follow',
    description:
      'The follower is sent an Accept and gets the posts from now on; approving an accepted follower changes nothing. 404 `FOLLOWER_NOT_FOUND`.',
  })
  @ApiOkResponse({ type: FollowerDto })
  @ApiErrors(400, 401, 404)
  approveFollower(@Param('id', ParseIdPipe) id: number): Promise<FollowerDto> {
    return this.admin.approveFollower(id);
  }

  @Delete('followers/:id')
  @HttpCode(204)
  @Endpoint({
    summary: 'Remove a follower, or refuse a held follow',
    description:
      'Its server is sent a Reject (Mastodon then shows the account as no longer following) and it gets no more posts. 404 `FOLLOWER_NOT_FOUND`.',
  })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiErrors(400, 401, 404)
  async removeFollower(@Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.admin.removeFollower(id);
  }

  @Get('deliveries')
  @Endpoint({
    summary: 'List deliveries of activities to fediverse servers',
    description:
      "One row per activity and inbox (a server's shared inbox when it has one), newest first, `limit` at a time (20 by default, at most 50) from `offset`; `status` keeps one state. A failed delivery was tried with growing waits until it gave up; gone means the server answered 404 or 410 and is not tried again.",
  })
  @ApiOkResponse({ type: DeliveryListDto })
  @ApiErrors(400, 401)
  listDeliveries(@Query() query: ListDeliveriesQuery): Promise<DeliveryListDto> {
    return this.admin.listDeliveries(query);
  }

  @Get('deliveries/counts')
  @Endpoint({ summary: 'Count deliveries by state', description: 'Pending, sending, delivered, failed and gone.' })
  @ApiOkResponse({ type: DeliveryCountsDto })
  @ApiErrors(401)
  countDeliveries(): Promise<DeliveryCountsDto> {
    return this.admin.deliveryCounts();
  }

  @Post('deliveries/:id/retry')
  @HttpCode(200)
  @Endpoint({
    summary: 'Try a failed delivery again',
    description:
      'A failed or gone delivery becomes pending now, its attempts counted from zero. 404 `DELIVERY_NOT_FOUND`; 409 `DELIVERY_NOT_RETRYABLE` for one pending, sending or delivered.',
  })
  @ApiOkResponse({ type: DeliveryDto })
  @ApiErrors(400, 401, 404, 409)
  retryDelivery(@Param('id', ParseIdPipe) id: number): Promise<DeliveryDto> {
    return this.admin.retryDelivery(id);
  }

  @Get('blocks')
  @Endpoint({
    summary: 'List blocked servers and accounts',
    description: 'Newest first, `limit` at a time (20 by default, at most 50) from `offset`, with the total.',
  })
  @ApiOkResponse({ type: BlockListDto })
  @ApiErrors(400, 401)
  listBlocks(@Query() query: ListBlocksQuery): Promise<BlockListDto> {
    return this.admin.listBlocks(query);
  }

  @Post('blocks')
  @Endpoint({
    summary: 'Block a server or an account',
    description:
      'A host name blocks the server and its subdomains; an actor id one account. Their activities are refused (403) from now on and their followers removed. 400 `BLOCK_INVALID`; 409 `BLOCK_EXISTS`.',
  })
  @ApiCreatedResponse({ type: BlockDto })
  @ApiErrors(400, 401, 409)
  createBlock(@Body() input: CreateBlockDto): Promise<BlockDto> {
    return this.admin.addBlock(input);
  }

  @Delete('blocks/:id')
  @HttpCode(204)
  @Endpoint({
    summary: 'Unblock a server or an account',
    description: 'Its activities are taken again (followers removed stay removed). 404 `BLOCK_NOT_FOUND`.',
  })
  @ApiNoContentResponse({ description: 'Unblocked' })
  @ApiErrors(400, 401, 404)
  async deleteBlock(@Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.admin.removeBlock(id);
  }

  @Get('posts/:id/reactions')
  @Endpoint({
    summary: "A post's likes and boosts from the fediverse",
    description: 'Numbers only: who liked or boosted is not kept. 404 `POST_NOT_FOUND`.',
  })
  @ApiOkResponse({ type: ReactionCountsDto })
  @ApiErrors(400, 401, 404)
  getPostReactions(@Param('id', ParseIdPipe) id: number): Promise<ReactionCountsDto> {
    return this.admin.reactionCounts(id);
  }
}
