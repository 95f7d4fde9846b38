import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-errors.decorator';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { Public } from '../common/public.decorator';
import { CategoriesService } from './categories.service';
import { CategoryDto, SaveCategoryDto } from './dto/category.dto';

@ApiTags('categories')
@Controller('categories')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Public()
  @Get()
  @ApiOkResponse({ type: [CategoryDto] })
  listCategories(): Promise<CategoryDto[]> {
    return this.categories.listCategories();
  }

  @Public()
  @Get(':slug')
  @ApiOkResponse({ type: CategoryDto })
  @ApiErrors(404)
  getCategoryBySlug(@Param('slug') slug: string): Promise<CategoryDto> {
    return this.categories.getCategoryBySlug(slug);
  }

  @Post()
  @ApiCreatedResponse({ type: CategoryDto })
  @ApiErrors(400, 401, 409)
  createCategory(@Body() input: SaveCategoryDto): Promise<CategoryDto> {
    return this.categories.createCategory(input);
  }

  @Put(':id')
  @ApiOkResponse({ type: CategoryDto })
  @ApiErrors(400, 401, 404, 409)
  updateCategory(@Param('id', ParseIdPipe) id: number, @Body() input: SaveCategoryDto): Promise<CategoryDto> {
    return this.categories.updateCategory(id, input);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted; its posts become uncategorized' })
  @ApiErrors(401, 404)
  deleteCategory(@Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.categories.deleteCategory(id);
  }
}
