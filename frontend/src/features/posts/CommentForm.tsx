import { Button, HStack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { COMMENT_LIMITS } from '@mudawwana/rules';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { t } from '@/i18n';
import { ERROR_TEXT } from '@/i18n/errors';
import { api, errorMessage, type CommentPostedDto, type CreateCommentDto, type PublicCommentDto } from '@/lib/api';
import { proofExpired, proofWait, solveCommentChallenge, type CommentProof } from './comment-proof';

type Phase = 'idle' | 'verifying' | 'sending';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The comment form. Without JavaScript it is a plain form posted to the API's form endpoint, which asks the reader a
 * short question and sends them back to the post (#comment-published or #comment-held). With JavaScript, the first
 * focus loads the ALTCHA widget and has it solve a challenge meanwhile (readers who only read never download it); the
 * comment is then sent with the solution, without leaving the page, and the server's message is said inline.
 */
export function CommentForm({
  postId,
  replyTo,
  onCancelReply,
  onPosted,
}: {
  postId: number;
  /** The comment this one answers (chosen with its «رد»), or null for a new comment. */
  replyTo: PublicCommentDto | null;
  onCancelReply: () => void;
  onPosted: (posted: CommentPostedDto) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const widgetHost = useRef<HTMLDivElement>(null);
  const proof = useRef<{ solved: Promise<CommentProof>; startedAt: number } | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({ mutationFn: (body: CreateCommentDto) => api.createComment(postId, body) });

  /** The proof of work for the next comment: the one under way, or a new one (none yet, used, failed or too old). */
  const proofOfWork = useCallback((): Promise<CommentProof> => {
    const current = proof.current;
    if (current && !proofExpired(current.startedAt)) return current.solved;
    const entry = { solved: solveCommentChallenge(widgetHost.current!), startedAt: Date.now() };
    proof.current = entry;
    entry.solved.catch(() => {
      if (proof.current === entry) proof.current = null;
    });
    return entry.solved;
  }, []);

  // A reader's first focus in the form is what brought the app in (entry-client.tsx): it is already being written.
  useEffect(() => {
    if (formRef.current?.contains(document.activeElement)) void proofOfWork();
  }, [proofOfWork]);

  // «رد» on a comment: write the answer.
  useEffect(() => {
    if (replyTo) contentRef.current?.focus();
  }, [replyTo]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase !== 'idle') return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const field = (name: string) => String(data.get(name) ?? '');
    const email = field('email').trim();
    const body: CreateCommentDto = {
      name: field('name').trim(),
      email: email || null,
      content: field('content').trim(),
      parentId: replyTo?.id ?? null,
      notifyReplies: email !== '' && data.get('notifyReplies') === 'on',
      website: field('website'),
    };
    setMessage(null);
    setError(null);
    setPhase('verifying');
    let solved: CommentProof;
    try {
      solved = await proofOfWork();
      await wait(proofWait(solved));
    } catch {
      setError(ERROR_TEXT.COMMENT_CHALLENGE_FAILED);
      setPhase('idle');
      return;
    }
    // A solution posts one comment, whatever the answer.
    proof.current = null;
    setPhase('sending');
    try {
      const posted = await create.mutateAsync({ ...body, altcha: solved.payload });
      form.reset();
      setMessage(posted.message);
      onPosted(posted);
    } catch (failure) {
      setError(errorMessage(failure, t('error.generic')) ?? t('error.generic'));
    } finally {
      setPhase('idle');
    }
  };

  return (
    <div id="comment-form" className="comment-form-box" data-testid="comment-form-box">
      <h3 id="comment-form-title">{t('comments.formTitle')}</h3>
      <p className="comment-form-intro">{t('comments.formIntro')}</p>
      <form
        ref={formRef}
        method="post"
        action={`/api/posts/${postId}/comments/form`}
        onSubmit={onSubmit}
        onFocus={() => void proofOfWork()}
        aria-labelledby="comment-form-title"
        className="comment-form"
        data-testid="comment-form"
      >
        {replyTo && (
          <HStack
            gap="3"
            flexWrap="wrap"
            justify="space-between"
            bg="brand.subtle"
            rounded="md"
            px="3"
            py="2"
            data-testid="comment-reply-note"
          >
            <Text role="status" fontSize="sm" fontWeight="medium" css={{ unicodeBidi: 'plaintext' }}>
              {t('comments.replyingTo', { name: replyTo.authorName })}
            </Text>
            <Button type="button" size="xs" variant="outline" bg="bg" onClick={onCancelReply} data-testid="comment-cancel-reply">
              {t('comments.cancelReply')}
            </Button>
          </HStack>
        )}
        <input type="hidden" name="parentId" value={replyTo?.id ?? ''} />
        <div className="comment-form-row">
          <div className="comment-field">
            <label htmlFor="comment-name">
              {t('comments.name')}
              <RequiredMark />
            </label>
            <input
              id="comment-name"
              name="name"
              autoComplete="name"
              dir="auto"
              required
              minLength={COMMENT_LIMITS.nameMinLength}
              maxLength={COMMENT_LIMITS.nameMaxLength}
              data-testid="comment-name"
            />
          </div>
          <div className="comment-field">
            <label htmlFor="comment-email">{t('comments.email')}</label>
            <input
              id="comment-email"
              type="email"
              name="email"
              autoComplete="email"
              dir="ltr"
              maxLength={COMMENT_LIMITS.emailMaxLength}
              aria-describedby="comment-email-hint"
              data-testid="comment-email"
            />
            <small id="comment-email-hint">{t('comments.emailHint')}</small>
          </div>
        </div>
        <div className="comment-field">
          <label htmlFor="comment-content">
            {t('comments.content')}
            <RequiredMark />
          </label>
          <textarea
            ref={contentRef}
            id="comment-content"
            name="content"
            dir="auto"
            rows={5}
            required
            minLength={COMMENT_LIMITS.contentMinLength}
            maxLength={COMMENT_LIMITS.contentMaxLength}
            aria-describedby="comment-content-hint"
            data-testid="comment-content"
          />
          <small id="comment-content-hint">{t('comments.contentHint')}</small>
        </div>
        <label className="comment-notify">
          <input type="checkbox" name="notifyReplies" data-testid="comment-notify" />
          <span>{t('comments.notify')}</span>
        </label>
        {/* The honeypot: people never see it (nor do screen readers); a bot that fills it is answered as if held. */}
        <div className="comment-honeypot" aria-hidden="true">
          <label htmlFor="comment-website">{t('comments.honeypot')}</label>
          <input id="comment-website" type="text" name="website" tabIndex={-1} autoComplete="off" />
        </div>
        <button type="submit" className="comment-submit" disabled={phase !== 'idle'} data-testid="comment-submit">
          {phase === 'verifying' ? t('comments.verifying') : phase === 'sending' ? t('comments.sending') : t('comments.submit')}
        </button>
        <div role="status" data-testid="comment-status">
          {message && (
            <Text color={{ _light: 'green.700', _dark: 'green.300' }} fontWeight="medium">
              {message}
            </Text>
          )}
        </div>
        {error && (
          <Text role="alert" color={{ _light: 'red.700', _dark: 'red.300' }} data-testid="comment-error">
            {error}
          </Text>
        )}
      </form>
      {/* Where the ALTCHA widget works, out of sight and outside the form (comment-proof.ts). */}
      <div hidden ref={widgetHost} />
    </div>
  );
}

/** The mark of a required field, as Chakra's fields show it (the field's `required` is what browsers and readers use). */
function RequiredMark() {
  return (
    <span className="required" aria-hidden="true">
      *
    </span>
  );
}
