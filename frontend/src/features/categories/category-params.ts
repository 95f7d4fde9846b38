import type { ListPostsParams } from '@/lib/api';

export const categoryPostsParams = (slug: string): ListPostsParams => ({ published: true, category: slug });
