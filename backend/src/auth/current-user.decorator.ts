import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { User } from '../users/user.entity';

/** The signed-in user; only on routes the session guard protects. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): User => {
  return context.switchToHttp().getRequest<Request>().user as User;
});

/** The signed-in user when there is one (public routes that show more to the author). */
export const OptionalUser = createParamDecorator((_data: unknown, context: ExecutionContext): User | undefined => {
  const request = context.switchToHttp().getRequest<Request>();
  return request.isAuthenticated?.() ? (request.user as User) : undefined;
});
