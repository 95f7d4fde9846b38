import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNoContentResponse, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiErrors } from '../common/api-errors.decorator';
import { LeavesContentUnchanged } from '../common/content-changed.interceptor';
import { MessageDto } from '../common/dto';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { PublicOrigin } from '../common/public-origin';
import { BLOG_NAME } from '@mudawwana/rules';
import { CONFIRM_LINK_HOURS } from './newsletter-mails';
import { LinkOutcome, linkOutcomePage } from './newsletter-pages';
import { ListSubscribersQuery, SubscribeDto, SubscriberCountsDto, SubscriberDto } from './newsletter.dto';
import { NewsletterService } from './newsletter.service';
import { subscribersCsv } from './subscribers-csv';

export const SUBSCRIBE_MESSAGE = `أرسلنا رسالة إلى بريدك الإلكتروني؛ افتح الرابط فيها خلال ${CONFIRM_LINK_HOURS} ساعة لتأكيد اشتراكك`;

@ApiTags('newsletter')
@LeavesContentUnchanged()
@Controller('newsletter')
export class NewsletterController {
  constructor(
    private readonly newsletter: NewsletterService,
    private readonly origin: PublicOrigin,
  ) {}

  /** Always the same answer (202), whether the address is new, pending, unsubscribed or already confirmed. */
  @Public()
  @Post()
  @HttpCode(202)
  @ApiAcceptedResponse({ type: MessageDto, description: 'A confirmation mail is on its way' })
  @ApiErrors(400, 429)
  async subscribeNewsletter(@Body() input: SubscribeDto, @Req() request: Request): Promise<MessageDto> {
    await this.newsletter.subscribe(input.email, request.ip ?? 'unknown');
    return { message: SUBSCRIBE_MESSAGE };
  }

  @Public()
  @Get('confirm')
  @ApiProduces('text/html')
  @ApiQuery({ name: 'token', required: false, type: String })
  @ApiOkResponse({ description: 'An Arabic page: confirmed (200), link expired (410) or invalid (404)' })
  async confirmNewsletter(@Query('token') token: unknown, @Res() response: Response): Promise<void> {
    this.answerWithPage(response, await this.newsletter.confirm(token));
  }

  @Public()
  @Get('unsubscribe')
  @ApiProduces('text/html')
  @ApiQuery({ name: 'token', required: false, type: String })
  @ApiOkResponse({ description: 'An Arabic page: unsubscribed (200) or invalid link (404)' })
  async unsubscribeNewsletter(@Query('token') token: unknown, @Res() response: Response): Promise<void> {
    this.answerWithPage(response, await this.newsletter.unsubscribe(token));
  }

  /** RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` to the List-Unsubscribe URL. */
  @Public()
  @Post('unsubscribe')
  @ApiProduces('text/html')
  @ApiQuery({ name: 'token', required: false, type: String })
  @ApiOkResponse({ description: 'As the GET: unsubscribed (200) or invalid link (404)' })
  async unsubscribeNewsletterOneClick(@Query('token') token: unknown, @Res() response: Response): Promise<void> {
    this.answerWithPage(response, await this.newsletter.unsubscribe(token));
  }

  @Get()
  @ApiOkResponse({ type: [SubscriberDto] })
  @ApiErrors(400, 401)
  listNewsletterSubscribers(@Query() query: ListSubscribersQuery): Promise<SubscriberDto[]> {
    return this.newsletter.listSubscribers(query.status);
  }

  @Get('counts')
  @ApiOkResponse({ type: SubscriberCountsDto })
  @ApiErrors(401)
  countNewsletterSubscribers(): Promise<SubscriberCountsDto> {
    return this.newsletter.countSubscribers();
  }

  @Get('export.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="subscribers.csv"')
  @Header('Cache-Control', 'private, no-store')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'Every subscriber: email, status, createdAt, confirmedAt, unsubscribedAt', schema: { type: 'string' } })
  @ApiErrors(401)
  async exportNewsletterSubscribers(): Promise<string> {
    return subscribersCsv(await this.newsletter.listSubscribers());
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed, with every mail recorded for the address' })
  @ApiErrors(400, 401, 404)
  async removeNewsletterSubscriber(@Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.newsletter.removeSubscriber(id);
  }

  private answerWithPage(response: Response, outcome: LinkOutcome): void {
    const page = linkOutcomePage(outcome, BLOG_NAME, `${this.origin.get()}/`);
    response.status(page.status).type('html').set('Cache-Control', 'no-store').send(page.html);
  }
}
