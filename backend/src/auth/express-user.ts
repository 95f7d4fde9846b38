import type { User as UserEntity } from '../users/user.entity';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // Passport's req.user is the User entity (loaded by the session serializer or the bearer token).
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends UserEntity {}

    interface Request {
      /** Set when the request signed in with `Authorization: Bearer` (an API token) rather than a session. */
      apiToken?: { id: number };
    }
  }
}

export {};
