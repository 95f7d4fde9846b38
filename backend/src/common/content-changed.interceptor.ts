import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { mergeMap, Observable } from 'rxjs';
import { ContentEvents } from './content-events';
import { currentContentChanges } from './content-tags';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LEAVES_CONTENT_KEY = 'leavesContent';

/** Marks controllers whose mutations never change what readers see (sign-in, newsletter sign-ups). */
export const LeavesContentUnchanged = () => SetMetadata(LEAVES_CONTENT_KEY, true);

/**
 * Announces every successful mutation of content, with the tags the services recorded while handling it
 * (everything when they recorded nothing); see content-events and content-tags.
 */
@Injectable()
export class ContentChangedInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly events: ContentEvents,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const method = context.switchToHttp().getRequest<Request>().method;
    const leavesContent = this.reflector.getAllAndOverride<boolean>(LEAVES_CONTENT_KEY, [context.getHandler(), context.getClass()]);
    if (SAFE_METHODS.has(method) || leavesContent) return next.handle();
    const changes = currentContentChanges();
    // The answer waits until the stale pages are marked: the author's next read already gets the rebuilt page.
    return next.handle().pipe(
      mergeMap(async (value: unknown) => {
        await this.events.notify('local', [...(changes ?? [])]);
        return value;
      }),
    );
  }
}
