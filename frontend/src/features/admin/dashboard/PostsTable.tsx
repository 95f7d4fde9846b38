import { Table } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '@/i18n/format';
import { admin as t } from '@/i18n/admin';
import type { PostSummaryDto } from '../api';
import PostActions from './PostActions';
import { FeaturedControl, PostSelectBox, PostStatusBadge, PostTitle, SelectBox } from './PostSummary';
import type { PostRowControls } from './useDashboard';

interface PostsTableProps {
  rows: PostSummaryDto[];
  controls: PostRowControls;
  allSelected: boolean;
}

/** The posts as a table (tablet width and up): a row opens the editor when clicked outside its controls. */
export default function PostsTable({ rows, controls, allSelected }: PostsTableProps) {
  const navigate = useNavigate();
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="8">
              <SelectBox
                label={t.selectAllOnPage}
                checked={allSelected}
                onChange={(checked) => rows.forEach((post) => controls.toggle(post.id, checked))}
              />
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t.colTitle}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.colStatus}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.colFeatured}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.colCategory}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.colDate}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.colActions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((post) => (
            <Table.Row
              key={post.id}
              data-testid="post-row"
              cursor="pointer"
              onClick={(event) => {
                if ((event.target as HTMLElement).closest('a,button,input')) return;
                navigate(`/admin/edit/${post.id}`);
              }}
            >
              <Table.Cell>
                <PostSelectBox post={post} controls={controls} />
              </Table.Cell>
              <Table.Cell minW="64">
                <PostTitle post={post} />
              </Table.Cell>
              <Table.Cell>
                <PostStatusBadge post={post} />
              </Table.Cell>
              <Table.Cell>
                <FeaturedControl post={post} controls={controls} />
              </Table.Cell>
              <Table.Cell>{controls.categoryLabel(post)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap" fontSize="xs">
                {formatDate(post.createdAt)}
              </Table.Cell>
              <Table.Cell>
                <PostActions post={post} controls={controls} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
