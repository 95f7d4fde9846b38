import type { NextFunction, Request, Response } from 'express';

/** Headers every response carries: no MIME sniffing, no framing by other sites, no full referrers to other sites. */
export function securityHeaders(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('X-Frame-Options', 'SAMEORIGIN');
  response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  next();
}
