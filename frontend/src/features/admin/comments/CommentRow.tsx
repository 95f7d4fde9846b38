import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Badge, Box, Button, Card, Field, HStack, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { Ban, Check, MessageSquareReply, PenLine, ShieldAlert, Trash2, type LucideIcon } from 'lucide-react';
import { COMMENT_LIMITS } from '@mudawwana/rules';
import { formatDate } from '@/i18n/format';
import { admin as t } from '@/i18n/admin';
import { useReplyToComment, type CommentDto, type CommentStatus } from '../api';
import { notifyError, notifySuccess } from '../notify';
import { holdReasonLabel, relativeTime, replyProblem, STATUS_BADGES } from './comment-rules';
import TapCheckbox from './TapCheckbox';
import type { CommentRowControls } from './useComments';
import { TAP } from '../components/tap';

/**
 * One comment as the author moderates it: who wrote it (name, email), on which post and when, why it waits, its
 * text (folded when long), and what can be done with it: approve, spam, reject, reply (inline), delete (asks first).
 */
export default function CommentRow({ comment, controls }: { comment: CommentDto; controls: CommentRowControls }) {
  const [replying, setReplying] = useState(false);
  const hold = comment.status === 'pending' ? holdReasonLabel(comment.holdReason) : null;
  const status = STATUS_BADGES[comment.status];
  return (
    <Card.Root
      as="li"
      variant="outline"
      size="sm"
      data-testid="comment-row"
      data-comment-id={comment.id}
      data-status={comment.status}
      borderInlineStartWidth={comment.status === 'pending' ? '4px' : undefined}
      borderInlineStartColor={comment.status === 'pending' ? 'yellow.solid' : undefined}
    >
      <Card.Body gap="3" p={{ base: '3', md: '4' }}>
        <HStack align="start" gap="2">
          <Box mt="-2" ms="-2">
            <TapCheckbox
              label={t.selectComment(comment.authorName)}
              checked={controls.isSelected(comment)}
              onChange={(checked) => controls.toggle(comment.id, checked)}
            />
          </Box>
          <Stack gap="1" flex="1" minW="0">
            <HStack gap="2" rowGap="1" wrap="wrap">
              <Text fontWeight="600" data-testid="comment-author">
                <bdi>{comment.authorName}</bdi>
              </Text>
              {comment.byAuthor ? (
                <Badge colorPalette="blue" variant="solid" data-testid="comment-by-author">
                  <PenLine size={12} aria-hidden />
                  {t.byAuthorReply}
                </Badge>
              ) : null}
              {controls.showStatus ? (
                <Badge colorPalette={status.palette} data-testid="comment-status">
                  {status.label}
                </Badge>
              ) : null}
              {hold ? (
                <Badge colorPalette="orange" variant="surface" title={t.holdReasonTitle} data-testid="comment-hold-reason">
                  {hold}
                </Badge>
              ) : null}
            </HStack>
            {comment.authorEmail ? (
              <Text fontSize="sm" color="fg.muted" wordBreak="break-all" data-testid="comment-email">
                <bdi dir="ltr">{comment.authorEmail}</bdi>
              </Text>
            ) : null}
            <Text fontSize="sm" color="fg.muted">
              {comment.parentId !== null ? `${t.inReplyTo} ` : ''}
              {t.commentOn}{' '}
              <Link
                href={`/post/${comment.postSlug}#comment-${comment.id}`}
                target="_blank"
                rel="noreferrer"
                title={t.viewCommentHint}
                display="inline"
                color="fg"
                textDecoration="underline"
                textUnderlineOffset="3px"
                data-testid="comment-post"
              >
                <bdi>{comment.postTitle}</bdi>
              </Link>
              {' · '}
              <time dateTime={comment.createdAt} title={formatDate(comment.createdAt)}>
                {relativeTime(comment.createdAt)}
              </time>
            </Text>
          </Stack>
        </HStack>

        <CommentText id={comment.id} content={comment.content} />

        <HStack gap="1" rowGap="1" wrap="wrap">
          {(['approved', 'spam', 'rejected'] as const).map((target) =>
            comment.status === target ? null : (
              <StateAction
                key={target}
                target={target}
                name={comment.authorName}
                disabled={controls.statusPending}
                onClick={() => controls.setStatus(comment, target)}
              />
            ),
          )}
          <RowAction
            icon={MessageSquareReply}
            label={t.commentReply}
            name={comment.authorName}
            aria-expanded={replying}
            onClick={() => setReplying((open) => !open)}
          />
          <RowAction icon={Trash2} label={t.delete} name={comment.authorName} palette="red" onClick={() => controls.askDelete(comment)} />
        </HStack>

        {replying ? <ReplyForm comment={comment} onDone={() => setReplying(false)} /> : null}
      </Card.Body>
    </Card.Root>
  );
}

const STATE_ACTIONS: Record<'approved' | 'spam' | 'rejected', { label: string; icon: LucideIcon; palette?: string }> = {
  approved: { label: t.commentApprove, icon: Check, palette: 'green' },
  spam: { label: t.commentSpam, icon: ShieldAlert },
  rejected: { label: t.commentReject, icon: Ban },
};

function StateAction({
  target,
  name,
  disabled,
  onClick,
}: {
  target: CommentStatus & keyof typeof STATE_ACTIONS;
  name: string;
  disabled: boolean;
  onClick: () => void;
}) {
  const action = STATE_ACTIONS[target];
  return <RowAction icon={action.icon} label={action.label} name={name} palette={action.palette} disabled={disabled} onClick={onClick} />;
}

interface RowActionProps {
  icon: LucideIcon;
  label: string;
  /** The comment's author, said to screen readers with the action ('موافقة: تعليق سارة'). */
  name: string;
  palette?: string;
  disabled?: boolean;
  onClick: () => void;
  'aria-expanded'?: boolean;
}

/** One action of a row: its icon and its name, a 44 px target on a phone. */
function RowAction({ icon: Icon, label, name, palette, disabled, onClick, ...aria }: RowActionProps) {
  return (
    <Button
      size="sm"
      variant="ghost"
      colorPalette={palette}
      {...TAP}
      aria-label={t.commentActionOn(label, name)}
      disabled={disabled}
      onClick={onClick}
      {...aria}
    >
      <Icon size={16} aria-hidden />
      {label}
    </Button>
  );
}

/** Lines a comment shows before «المزيد». */
const FOLDED_LINES = 4;

/** The comment's plain text as the reader wrote it (their direction, their line breaks), folded when long. */
function CommentText({ id, content }: { id: number; content: string }) {
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const text = useRef<HTMLParagraphElement>(null);
  // «المزيد» only when the folded text hides something at this width (measured, and again when the width changes)
  useLayoutEffect(() => {
    const element = text.current;
    if (!element || open) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [open, content]);
  const textId = `comment-text-${id}`;
  return (
    <Stack gap="1" align="start">
      <Text
        ref={text}
        id={textId}
        dir="auto"
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
        lineClamp={open ? undefined : FOLDED_LINES}
        w="full"
        textAlign="start"
        data-testid="comment-text"
      >
        {content}
      </Text>
      {overflows || open ? (
        <Button
          variant="plain"
          size="sm"
          px="0"
          {...TAP}
          color="fg.muted"
          textDecoration="underline"
          aria-expanded={open}
          aria-controls={textId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t.commentLess : t.commentMore}
        </Button>
      ) : null}
    </Stack>
  );
}

/** The author's reply, written under the comment: published at once (and the comment with it, when it waited). */
function ReplyForm({ comment, onDone }: { comment: CommentDto; onDone: () => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const reply = useReplyToComment({
    mutation: {
      onSuccess: () => {
        notifySuccess(t.replyPublished, comment.status === 'pending' ? t.replyApprovesComment : undefined);
        onDone();
      },
      onError: (error) => notifyError(t.replyError, error),
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = replyProblem(text);
    setProblem(found);
    if (!found) reply.mutate({ id: comment.id, data: { content: text.trim() } });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="comment-reply-form">
      <Stack gap="2" borderTopWidth="1px" pt="3">
        <Field.Root invalid={problem !== null}>
          <Field.Label htmlFor={fieldId}>{t.replyLabel(comment.authorName)}</Field.Label>
          <Textarea
            id={fieldId}
            name="reply"
            dir="auto"
            rows={3}
            autoFocus
            maxLength={COMMENT_LIMITS.contentMaxLength}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (problem) setProblem(null);
            }}
          />
          <Field.ErrorText>{problem}</Field.ErrorText>
        </Field.Root>
        <HStack justify="flex-end" gap="2" wrap="wrap">
          <Button variant="ghost" size="sm" {...TAP} onClick={onDone} disabled={reply.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" colorPalette="blue" size="sm" {...TAP} disabled={reply.isPending}>
            <MessageSquareReply size={16} aria-hidden />
            {reply.isPending ? t.replySending : t.replySend}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
