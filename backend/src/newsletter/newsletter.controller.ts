import { Body, Controller, Get, Post, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { LeavesContentUnchanged } from '../common/content-changed.interceptor';
import { ApiErrors } from '../common/api-errors.decorator';
import { MessageDto } from '../common/dto';
import { Public } from '../common/public.decorator';
import { SubscribeDto, SubscriberDto } from './newsletter.dto';
import { NewsletterService } from './newsletter.service';

@ApiTags('newsletter')
@LeavesContentUnchanged()
@Controller('newsletter')
export class NewsletterController {
  constructor(private readonly newsletter: NewsletterService) {}

  /** 201 for a new subscriber, 200 when the address was already subscribed. */
  @Public()
  @Post()
  @ApiCreatedResponse({ type: MessageDto, description: 'Subscribed' })
  @ApiOkResponse({ type: MessageDto, description: 'Already subscribed' })
  @ApiErrors(400, 429)
  async subscribeNewsletter(
    @Body() input: SubscribeDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MessageDto> {
    const isNew = await this.newsletter.subscribe(input.email, request.ip ?? 'unknown');
    response.status(isNew ? 201 : 200);
    return { message: isNew ? 'تم الاشتراك في النشرة البريدية' : 'هذا البريد مشترك بالفعل في النشرة البريدية' };
  }

  @Get()
  @ApiOkResponse({ type: [SubscriberDto] })
  @ApiErrors(401)
  listNewsletterSubscribers(): Promise<SubscriberDto[]> {
    return this.newsletter.listSubscribers();
  }
}
