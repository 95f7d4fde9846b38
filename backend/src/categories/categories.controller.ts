import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.decorator';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { CategoriesService } from './categories.service';
import { CategoryDto, SaveCategoryDto } from './dto/category.dto';
import { Endpoint } from '../openapi/endpoint.decorator';

@ApiTags('categories')
@Controller('categories')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Public()
  @Get()
  @Endpoint({ summary: 'List categories', description: 'Every category with its slug and the number of its published posts.' })
  @ApiOkResponse({ type: [CategoryDto] })
  listCategories(): Promise<CategoryDto[]> {
    return this.categories.listCategories();
  }

  @Public()
  @Get(':slug')
  @Endpoint({
    summary: 'Read a category by slug',
    description: 'One category with its number of published posts; 404 `CATEGORY_NOT_FOUND` when no category has the slug.',
  })
  @ApiOkResponse({ type: CategoryDto })
  @ApiErrors(404)
  getCategoryBySlug(@Param('slug') slug: string): Promise<CategoryDto> {
    return this.categories.getCategoryBySlug(slug);
  }

  @Post()
  @Endpoint({
    summary: 'Create a category',
    description:
      'Name and slug must both be unique (409 `CATEGORY_NAME_TAKEN`, `CATEGORY_SLUG_TAKEN`); the slug comes from the name when empty.',
  })
  @ApiCreatedResponse({ type: CategoryDto })
  @ApiErrors(400, 401, 409)
  createCategory(@Body() input: SaveCategoryDto): Promise<CategoryDto> {
    return this.categories.createCategory(input);
  }

  @Put(':id')
  @Endpoint({ summary: 'Rename a category', description: 'Changes the name and slug; both stay unique (409).' })
  @ApiOkResponse({ type: CategoryDto })
  @ApiErrors(400, 401, 404, 409)
  updateCategory(@Param('id', ParseIdPipe) id: number, @Body() input: SaveCategoryDto): Promise<CategoryDto> {
    return this.categories.updateCategory(id, input);
  }

  @Delete(':id')
  @Endpoint({ summary: 'Delete a category', description: 'Its posts are kept and become uncategorized.' })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted; its posts become uncategorized' })
  @ApiErrors(401, 404)
  deleteCategory(@Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.categories.deleteCategory(id);
  }
}
