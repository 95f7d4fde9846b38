import { Controller, Get, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Readable } from 'node:stream';
import { CurrentUser } from '../auth/current-user.decorator';
import { ApiErrors } from '../common/api-errors.decorator';
import { Endpoint } from '../openapi/endpoint.decorator';
import type { User } from '../users/user.entity';
import { ExportService } from './export.service';

/** WordPress's exporter answers text/xml; RSS's own type says what the file is (WXR is RSS 2.0 with WordPress's elements). */
const WXR_TYPE = 'application/rss+xml';

/** The blog in a file another platform imports (issue 25: export to leave). */
@ApiTags('export')
@Controller('export')
export class ExportController {
  constructor(private readonly exports: ExportService) {}

  @Get('wxr')
  @Endpoint({
    summary: 'Export the blog as a WordPress file (WXR 1.2)',
    description:
      "A download (`Content-Disposition: attachment; filename=\"mudawwana-YYYY-MM-DD.xml\"`) that WordPress's importer (Tools → Import → WordPress) and the importers of other platforms take: every post (published → `publish`, scheduled → `future`, draft → `draft`; the featured post sticky), every page, the categories and tags (slugs percent-encoded as WordPress stores them), the approved comments with their replies, and each featured image and uploaded image in the content as an attachment with its absolute URL, for the importer to download (`_thumbnail_id` names a post's featured image). The content is the HTML as stored, its root-relative addresses made absolute on the blog's public address. Ids: a post's `wp:post_id` is its own id, a page's comes after the largest post id, attachments after both; dates are UTC. Sent as it is read from the database, posts and pages as they are when the export starts.",
  })
  // The file's type on the 200 alone: the errors are the API's JSON.
  @ApiOkResponse({ description: 'The WXR file (UTF-8)', content: { [WXR_TYPE]: { schema: { type: 'string' } } } })
  @ApiErrors(401)
  async exportWxr(@CurrentUser() author: User): Promise<StreamableFile> {
    const { fileName, body } = await this.exports.wxr(author);
    return new StreamableFile(Readable.from(body), {
      type: `${WXR_TYPE}; charset=utf-8`,
      disposition: `attachment; filename="${fileName}"`,
    });
  }
}
