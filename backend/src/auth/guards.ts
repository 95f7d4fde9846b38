import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { httpError } from '../common/error-body';
import { IS_PUBLIC_KEY } from '../common/public.decorator';
import { SESSION_ONLY_KEY } from './session-only.decorator';

/**
 * Global guard: every route needs a signed-in user (a session or an API token) unless it is marked @Public(),
 * and routes marked @SessionOnly() refuse a request signed in with an API token.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest<Request>();
    if (request.apiToken && this.reflector.getAllAndOverride<boolean>(SESSION_ONLY_KEY, targets)) {
      throw httpError(403, 'This needs a signed-in session; an API token cannot do it', { code: 'SESSION_REQUIRED' });
    }
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets)) return true;
    if (request.isAuthenticated?.() && request.user) return true;
    throw httpError(401, 'Not signed in', { code: 'NOT_SIGNED_IN' });
  }
}
