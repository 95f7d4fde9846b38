import { Body, Controller, HttpException, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { BLOG_NAME, routeLink } from '@mudawwana/rules';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { readForm, redirectAfterPost } from '../auth/form-post';
import { clientAddressKey } from '../common/client-address';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { PublicOrigin } from '../common/public-origin';
import { Endpoint } from '../openapi/endpoint.decorator';
import { commentCheckPage, commentRefusedPage, type CommentFields } from './comment-pages';
import { CommentsService } from './comments.service';
import { CreateCommentFormDto } from './dto/comment.dto';

/** The Arabic sentence of each field the rules refuse (the same rules as the JSON API). */
const FIELD_PROBLEMS: Record<string, string> = {
  name: 'اكتب اسمك (حرفان على الأقل).',
  email: 'البريد الإلكتروني غير صحيح؛ صحّحه أو اتركه فارغًا.',
  content: 'اكتب تعليقك (حرفان على الأقل، وخمسة آلاف حرف على الأكثر).',
};

const REFUSALS: Record<number, string> = {
  403: 'التعليقات على هذا المقال مغلقة.',
  404: 'لم نجد هذا المقال أو التعليق الذي ترد عليه.',
  429: 'أرسلت تعليقات كثيرة في وقت قصير؛ انتظر قليلًا ثم حاول مرة أخرى.',
};

/** The fields as typed (strings only), to show again and to carry to the next step. */
function fieldsOf(body: unknown): CommentFields {
  const form = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '');
  return {
    name: text('name'),
    email: text('email'),
    content: text('content'),
    parentId: text('parentId'),
    notifyReplies: form.notifyReplies === 'on' || form.notifyReplies === 'true',
  };
}

/** The reading check is bound to what it was asked for: another comment cannot reuse its answer. */
const digestOf = (fields: CommentFields) =>
  createHash('sha256')
    .update(JSON.stringify([fields.name, fields.email, fields.content, fields.parentId]))
    .digest('hex');

/**
 * The comment form of a post page posted by a browser without JavaScript. Without JavaScript there is no proof of
 * work: the first post answers with a page that asks a short question (and shows the comment); the second, with the
 * answer, stores the comment through the same rules as the JSON API and goes back to the post, where the page says
 * what became of it (`#comment-published` or `#comment-held`: the stored page shows that note by CSS :target alone).
 */
@ApiTags('comments')
@Controller('posts/:idOrSlug/comments/form')
export class CommentFormController {
  constructor(
    private readonly comments: CommentsService,
    private readonly origin: PublicOrigin,
  ) {}

  @Public()
  @Post()
  @Endpoint({
    summary: 'Comment from the HTML form (no JavaScript)',
    description:
      'The comment form of a post page posted without JavaScript (`application/x-www-form-urlencoded`: name, email, content, parentId, notifyReplies, website). The first post answers 200 with an Arabic page asking a short question (in place of the proof of work a script would do); posting again with its `check` token and the `answer` stores the comment by the same rules as `POST /api/posts/{id}/comments` and answers 303 to the post (`#comment-published` or `#comment-held`). A wrong answer or a refused field answers 400 with the question again; closed posts, limits and unknown posts answer an Arabic page with their status. Scripts use the JSON API.',
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ type: CreateCommentFormDto })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'An Arabic page asking the question; then 303 to the post' })
  async createCommentFromForm(
    @Param('idOrSlug', ParseIdPipe) postId: number,
    @Body() body: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const blog = { blogName: BLOG_NAME, homeUrl: `${this.origin.get()}/` };
    const send = (status: number, html: string): void =>
      void response.status(status).type('html').set('Cache-Control', 'no-store').send(html);
    let post;
    try {
      post = await this.comments.publicPost(postId);
    } catch {
      return send(404, commentRefusedPage(blog, REFUSALS[404]));
    }
    const postPath = routeLink('post', post.slug);
    const back = { href: postPath, label: `العودة إلى «${post.title}»` };
    const fields = fieldsOf(body);
    const ask = (status: number, problem?: { message: string; editFields: boolean }) =>
      send(
        status,
        commentCheckPage(
          blog,
          { title: post.title, path: postPath, formAction: `/api/posts/${post.id}/comments/form` },
          fields,
          this.comments.readingCheck.issue(digestOf(fields)),
          problem,
        ),
      );

    const read = await readForm(CreateCommentFormDto, body);
    if ('invalid' in read) {
      const message = read.invalid.map((field) => FIELD_PROBLEMS[field] ?? 'في النموذج قيمة غير صالحة.').join(' ');
      return ask(400, { message, editFields: true });
    }
    if ('error' in read) return send(400, commentRefusedPage(blog, 'في النموذج قيمة غير صالحة.', back));
    const { check, answer, ...comment } = read.value;
    if (!check) return ask(200);
    try {
      const posted = await this.comments.postComment(post.id, comment, {
        addressKey: clientAddressKey(request.ip),
        verified: () => this.comments.verifyReadingCheck(check, answer, digestOf(fields)),
      });
      redirectAfterPost(response, `${postPath}#${posted.status === 'approved' ? 'comment-published' : 'comment-held'}`);
    } catch (error) {
      if (!(error instanceof HttpException)) throw error;
      const status = error.getStatus();
      if (status === 400) return ask(400, { message: 'الإجابة غير صحيحة أو انتهت مهلتها؛ أجب عن السؤال الجديد.', editFields: false });
      send(status, commentRefusedPage(blog, REFUSALS[status] ?? 'تعذّر إرسال تعليقك؛ حاول مرة أخرى.', back));
    }
  }
}
