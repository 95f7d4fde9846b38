import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DATABASE_UNAVAILABLE } from '../common/database-errors';
import { Public } from '../common/public.decorator';
import { HealthService } from './health.service';
import { Endpoint } from '../openapi/endpoint.decorator';

export class HealthDto {
  @ApiProperty({ example: 'ok' }) status: string;
  @ApiProperty({ example: 'up' }) database: string;
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Public()
  @Get()
  @Endpoint({
    summary: 'Health check',
    description: 'For load balancers and monitors: 200 when the server and its database answer, 503 when the database cannot be reached.',
  })
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({ description: 'The database cannot be reached' })
  async getHealth(): Promise<HealthDto> {
    if (!(await this.health.databaseUp())) throw new ServiceUnavailableException(DATABASE_UNAVAILABLE);
    return { status: 'ok', database: 'up' };
  }
}
