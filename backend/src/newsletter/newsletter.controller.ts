import { clientAddressKey } from '../common/client-address';
import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiConsumes,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiErrors } from '../common/api-errors.decorator';
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
import { Endpoint } from '../openapi/endpoint.decorator';

export const SUBSCRIBE_MESSAGE = `أرسلنا رسالة إلى بريدك الإلكتروني؛ افتح الرابط فيها خلال ${CONFIRM_LINK_HOURS} ساعة لتأكيد اشتراكك`;

@ApiTags('newsletter')
@Controller('newsletter')
export class NewsletterController {
  constructor(
    private readonly newsletter: NewsletterService,
    private readonly origin: PublicOrigin,
  ) {}

  /** Always the same answer (202), whether the address is new, pending, unsubscribed or already confirmed. */
  @Public()
  @Post()
  @Endpoint({
    summary: 'Subscribe to the newsletter (double opt-in)',
    description:
      'Records the address as pending and mails it a confirmation link valid 48 hours; a pending or unsubscribed address gets a fresh link, a confirmed one a note that it is already subscribed. The answer is always the same 202, so it never tells whether an address is subscribed. Limited per client address and per email (429).',
  })
  @HttpCode(202)
  @ApiAcceptedResponse({ type: MessageDto, description: 'A confirmation mail is on its way' })
  @ApiErrors(400, 429)
  async subscribeNewsletter(@Body() input: SubscribeDto, @Req() request: Request): Promise<MessageDto> {
    await this.newsletter.subscribe(input.email, clientAddressKey(request.ip));
    return { message: SUBSCRIBE_MESSAGE };
  }

  /** Opening the mail's link only shows a page whose button POSTs the token: a GET never changes anything. */
  @Public()
  @Get('confirm')
  @Endpoint({
    summary: 'The page of a confirmation link (changes nothing)',
    description:
      'The link in the confirmation mail. Answers with an Arabic HTML page whose button POSTs the token to `POST /api/newsletter/confirm` (200), or says the address is already confirmed (200), the link expired after 48 hours (410) or is unknown (404). A GET never confirms: mail scanners open links.',
  })
  @ApiProduces('text/html')
  @ApiQuery({ name: 'token', required: false, type: String })
  @ApiOkResponse({
    description: 'An Arabic page: a button that confirms (200), already confirmed (200), link expired (410) or invalid (404)',
  })
  async newsletterConfirmPage(@Query('token') token: unknown, @Res() response: Response): Promise<void> {
    this.answerWithPage(response, await this.newsletter.confirmationPage(token), token);
  }

  @Public()
  @Post('confirm')
  @Endpoint({
    summary: "Confirm a subscription (the confirmation page's button)",
    description:
      "A form POST with the link's `token` in the body; the token is the authority, no session is needed. Answers with an Arabic HTML page: confirmed (200, also when sent again), link expired (410), or unknown link (404).",
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ schema: { type: 'object', properties: { token: { type: 'string' } } } })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'An Arabic page: confirmed (200), link expired (410) or invalid (404)' })
  async confirmNewsletter(@Body('token') token: unknown, @Res() response: Response): Promise<void> {
    this.answerWithPage(response, await this.newsletter.confirm(token));
  }

  /** Opening the mail's link only shows a page whose button POSTs the token: a GET never changes anything. */
  @Public()
  @Get('unsubscribe')
  @Endpoint({
    summary: 'The page of an unsubscribe link (changes nothing)',
    description:
      "The link in every newsletter mail. Answers with an Arabic HTML page whose button POSTs the token to `POST /api/newsletter/unsubscribe` (200), or says the address is already unsubscribed (200) or the link is unknown (404). A GET never unsubscribes. Each mail's link works for good.",
  })
  @ApiProduces('text/html')
  @ApiQuery({ name: 'token', required: false, type: String })
  @ApiOkResponse({ description: 'An Arabic page: a button that unsubscribes (200), already unsubscribed (200) or invalid link (404)' })
  async newsletterUnsubscribePage(@Query('token') token: unknown, @Res() response: Response): Promise<void> {
    this.answerWithPage(response, await this.newsletter.unsubscribePage(token), token);
  }

  /**
   * The page's button (the token in the form) or the mail client's RFC 8058 one-click POST to the List-Unsubscribe
   * URL (the token in the query, body `List-Unsubscribe=One-Click`, sent server-to-server without cookie or Origin).
   */
  @Public()
  @Post('unsubscribe')
  @Endpoint({
    summary: "Unsubscribe (the page's button, or one click from the mail client, RFC 8058)",
    description:
      "Either the unsubscribe page's form (the `token` in the body) or a mail client's one-click unsubscribe: every mail carries `List-Unsubscribe: <…/api/newsletter/unsubscribe?token=…>` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, and the mail provider POSTs `List-Unsubscribe=One-Click` to that URL, without cookie or `Origin`. The token is the authority. Answers with an Arabic HTML page: unsubscribed (200, also when sent again) or unknown link (404).",
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({
    required: false,
    schema: { type: 'object', properties: { token: { type: 'string' }, 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } } },
  })
  @ApiQuery({ name: 'token', required: false, type: String })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'An Arabic page: unsubscribed (200) or invalid link (404)' })
  async unsubscribeNewsletter(
    @Body('token') formToken: unknown,
    @Query('token') linkToken: unknown,
    @Res() response: Response,
  ): Promise<void> {
    this.answerWithPage(response, await this.newsletter.unsubscribe(formToken ?? linkToken));
  }

  @Get()
  @Endpoint({
    summary: 'List newsletter subscribers',
    description:
      'Every address with its status (`pending`: not confirmed yet; `confirmed`: gets posts; `unsubscribed`), newest first; `status` filters.',
  })
  @ApiOkResponse({ type: [SubscriberDto] })
  @ApiErrors(400, 401)
  listNewsletterSubscribers(@Query() query: ListSubscribersQuery): Promise<SubscriberDto[]> {
    return this.newsletter.listSubscribers(query.status);
  }

  @Get('counts')
  @Endpoint({
    summary: 'Count newsletter subscribers by status',
    description: 'Confirmed, pending and unsubscribed addresses and their total.',
  })
  @ApiOkResponse({ type: SubscriberCountsDto })
  @ApiErrors(401)
  countNewsletterSubscribers(): Promise<SubscriberCountsDto> {
    return this.newsletter.countSubscribers();
  }

  @Get('export.csv')
  @Endpoint({
    summary: 'Export the subscribers as CSV',
    description:
      'UTF-8 CSV (with a byte order mark, for spreadsheets) of every address: email, status, createdAt, confirmedAt, unsubscribedAt. A value a spreadsheet would read as a formula starts with an apostrophe.',
  })
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
  @Endpoint({
    summary: 'Remove a subscriber',
    description: 'Deletes the address and every mail recorded for it (404 `SUBSCRIBER_NOT_FOUND`).',
  })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed, with every mail recorded for the address' })
  @ApiErrors(400, 401, 404)
  async removeNewsletterSubscriber(@Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.newsletter.removeSubscriber(id);
  }

  private answerWithPage(response: Response, outcome: LinkOutcome, token?: unknown): void {
    const page = linkOutcomePage(outcome, BLOG_NAME, `${this.origin.get()}/`, typeof token === 'string' ? token : '');
    response.status(page.status).type('html').set('Cache-Control', 'no-store').send(page.html);
  }
}
