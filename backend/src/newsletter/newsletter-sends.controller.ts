import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.decorator';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { NewsletterSender } from './newsletter-sender';
import { SendProgressDto } from './newsletter.dto';
import { Endpoint } from '../openapi/endpoint.decorator';

/** Mailing a post to the subscribers (under /posts/:id, where the author finds it). */
@ApiTags('newsletter')
@Controller('posts')
export class NewsletterSendsController {
  constructor(private readonly sender: NewsletterSender) {}

  /** 202 at once: the mails go out in the background; GET the same path for the progress. */
  @Post(':id/send')
  @Endpoint({
    summary: 'Mail a published post to the confirmed subscribers',
    description:
      'Once per post: 202 with the progress at once, the mails go out in the background in batches (an Arabic HTML and text mail with the title, excerpt, featured image and link, each with its own unsubscribe link). 409 `NEWSLETTER_ALREADY_SENT` the second time (also when two calls race, on any number of instances), `POST_NOT_PUBLISHED` for a draft, `NEWSLETTER_NO_SUBSCRIBERS` when nobody has confirmed.',
  })
  @HttpCode(202)
  @ApiAcceptedResponse({ type: SendProgressDto })
  @ApiErrors(400, 401, 404, 409)
  sendPostToSubscribers(@Param('id', ParseIdPipe) id: number): Promise<SendProgressDto> {
    return this.sender.start(id);
  }

  @Get(':id/send')
  @Endpoint({
    summary: "A post's newsletter send: progress and per-recipient outcome",
    description:
      "`not_sent`, `sending` or `done`, the counts, and each recipient's `pending`/`sending`/`sent`/`failed` (with the mail server's error)/`skipped` (unsubscribed before their mail went out).",
  })
  @ApiOkResponse({ type: SendProgressDto })
  @ApiErrors(400, 401, 404)
  getPostSendProgress(@Param('id', ParseIdPipe) id: number): Promise<SendProgressDto> {
    return this.sender.progress(id);
  }
}
