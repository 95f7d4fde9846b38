import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DATABASE_UNAVAILABLE } from '../common/database-errors';
import { Public } from '../common/public.decorator';
import { HealthService } from './health.service';

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
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({ description: 'The database cannot be reached' })
  async getHealth(): Promise<HealthDto> {
    if (!(await this.health.databaseUp())) throw new ServiceUnavailableException(DATABASE_UNAVAILABLE);
    return { status: 'ok', database: 'up' };
  }
}
