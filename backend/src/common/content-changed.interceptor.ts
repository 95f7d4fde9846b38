import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { Observable, tap } from 'rxjs';
import { notifyContentChanged } from './content-events';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LEAVES_CONTENT_KEY = 'leavesContent';

/** Marks controllers whose mutations never change what readers see (sign-in, newsletter sign-ups). */
export const LeavesContentUnchanged = () => SetMetadata(LEAVES_CONTENT_KEY, true);

/** Announces every successful mutation of content; see content-events. */
@Injectable()
export class ContentChangedInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const method = context.switchToHttp().getRequest<Request>().method;
    const leavesContent = this.reflector.getAllAndOverride<boolean>(LEAVES_CONTENT_KEY, [context.getHandler(), context.getClass()]);
    if (SAFE_METHODS.has(method) || leavesContent) return next.handle();
    return next.handle().pipe(tap({ complete: notifyContentChanged }));
  }
}
