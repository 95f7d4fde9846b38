import { ValidationPipe } from '@nestjs/common';

/**
 * Request bodies and queries are validated against their DTOs; fields a DTO does not declare are
 * rejected (400) rather than silently stored, and values are converted to the DTO's types.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
  });
}
