import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.decorator';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { NewsletterSender } from './newsletter-sender';
import { SendProgressDto } from './newsletter.dto';

/** Mailing a post to the subscribers (under /posts/:id, where the author finds it). */
@ApiTags('newsletter')
@Controller('posts')
export class NewsletterSendsController {
  constructor(private readonly sender: NewsletterSender) {}

  /** 202 at once: the mails go out in the background; GET the same path for the progress. */
  @Post(':id/send')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: SendProgressDto })
  @ApiErrors(400, 401, 404, 409)
  sendPostToSubscribers(@Param('id', ParseIdPipe) id: number): Promise<SendProgressDto> {
    return this.sender.start(id);
  }

  @Get(':id/send')
  @ApiOkResponse({ type: SendProgressDto })
  @ApiErrors(400, 401, 404)
  getPostSendProgress(@Param('id', ParseIdPipe) id: number): Promise<SendProgressDto> {
    return this.sender.progress(id);
  }
}
