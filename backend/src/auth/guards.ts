import { BadRequestException, CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { Request } from 'express';
import { IS_PUBLIC_KEY } from '../common/public.decorator';
import { LoginDto } from './dto/auth.dto';

/** Global guard: every route needs a signed-in session unless it is marked @Public(). */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (request.isAuthenticated?.() && request.user) return true;
    throw new UnauthorizedException({ statusCode: 401, message: 'Not signed in', error: 'Unauthorized', code: 'NOT_SIGNED_IN' });
  }
}

/**
 * Login through passport-local. The body is validated first (guards run before pipes), so a malformed
 * request gets 400 with the reasons rather than passport's bare 401; on success the session is
 * regenerated (passport does it in req.logIn) so a pre-login session id is never reused.
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const dto = plainToInstance(LoginDto, request.body ?? {});
    const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length > 0) {
      throw new BadRequestException(errors.flatMap((error) => Object.values(error.constraints ?? {})));
    }
    request.body = dto;
    const ok = (await super.canActivate(context)) as boolean;
    await super.logIn(request);
    return ok;
  }
}
