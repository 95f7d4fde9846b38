import { InstallClaim, SetupCodeRow } from '../auth/install-claim.entity';
import { PasswordResetToken } from '../auth/password-reset-token.entity';
import { Session } from '../auth/session.entity';
import { Category } from '../categories/category.entity';
import { Comment, UsedCommentChallenge } from '../comments/comment.entity';
import { NewsletterMail } from '../newsletter/newsletter-mail.entity';
import { NewsletterSend } from '../newsletter/newsletter-send.entity';
import { Subscriber } from '../newsletter/subscriber.entity';
import { FederationActivity, FederationDelivery } from '../federation/federation-activity.entity';
import { FederationBlock } from '../federation/federation-block.entity';
import { FederationReaction } from '../federation/federation-reaction.entity';
import { FederationKey, FederationKvEntry, FederationQueueMessage } from '../federation/federation-store.entity';
import { Follower } from '../federation/follower.entity';
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
  FederationActivity,
  FederationBlock,
  FederationDelivery,
  FederationKey,
  FederationKvEntry,
  FederationQueueMessage,
  FederationReaction,
  Follower,
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
