import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { Observable, tap } from 'rxjs';
import { notifyContentChanged } from './content-events';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Announces every successful mutation; see content-events. */
@Injectable()
export class ContentChangedInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const method = context.switchToHttp().getRequest<Request>().method;
    if (SAFE_METHODS.has(method)) return next.handle();
    return next.handle().pipe(tap({ complete: notifyContentChanged }));
  }
}
