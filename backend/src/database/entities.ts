import { InstallClaim, SetupCodeRow } from '../auth/install-claim.entity';
import { PasswordResetToken } from '../auth/password-reset-token.entity';
import { Session } from '../auth/session.entity';
import { Category } from '../categories/category.entity';
import { Comment, UsedCommentChallenge } from '../comments/comment.entity';
import { NewsletterMail } from '../newsletter/newsletter-mail.entity';
import { NewsletterSend } from '../newsletter/newsletter-send.entity';
import { Subscriber } from '../newsletter/subscriber.entity';
import { ImportJob } from '../import/import-job.entity';
import { ImportedItem } from '../import/imported-item.entity';
import { Page } from '../pages/page.entity';
import { Post } from '../posts/post.entity';
import { Redirect } from '../redirects/redirect.entity';
import { Revision } from '../revisions/revision.entity';
import { Setting } from '../settings/setting.entity';
import { ApiToken } from '../tokens/api-token.entity';
import { User } from '../users/user.entity';

export const ENTITIES = [
  ApiToken,
  Category,
  Comment,
  ImportedItem,
  ImportJob,
  InstallClaim,
  NewsletterMail,
  NewsletterSend,
  Page,
  PasswordResetToken,
  Post,
  Redirect,
  Revision,
  Session,
  Setting,
  SetupCodeRow,
  Subscriber,
  UsedCommentChallenge,
  User,
];
