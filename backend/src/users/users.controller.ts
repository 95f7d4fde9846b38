import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, OptionalUser } from '../auth/current-user.decorator';
import { ApiErrors } from '../common/api-errors.decorator';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { UpdateUserDto, UserDto } from './dto/user.dto';
import { User } from './user.entity';
import { UsersService } from './users.service';
import { Endpoint } from '../openapi/endpoint.decorator';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Public()
  @Get(':id')
  @Endpoint({
    summary: 'Read a user (the author)',
    description:
      'The public record of a user (SPEC §7): name, bio and avatar. The username and email, what signs in, only to that user themself.',
  })
  @ApiOkResponse({ type: UserDto })
  @ApiErrors(404)
  getUser(@Param('id', ParseIdPipe) id: number, @OptionalUser() viewer?: User): Promise<UserDto> {
    return this.users.getUser(id, viewer);
  }

  @Put(':id')
  @Endpoint({ summary: 'Edit your profile', description: "Changes your own name and bio (403 `NOT_YOUR_PROFILE` for anyone else's)." })
  @ApiOkResponse({ type: UserDto })
  @ApiErrors(400, 401, 403, 404)
  updateUser(@Param('id', ParseIdPipe) id: number, @Body() changes: UpdateUserDto, @CurrentUser() viewer: User): Promise<UserDto> {
    return this.users.updateUser(id, changes, viewer);
  }
}
