import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { media } from '../../db/schema/media';
import { matches, rank } from './match';
import { answer, joinParts, type ScopeSearch, asScore, BEST_FIRST } from './types';

const KIND: Record<string, string> = { 'application/pdf': 'PDF', 'video/mp4': 'Video' };
const kindOf = (contentType: string) => KIND[contentType] ?? 'Image';

/** `GET /api/media` (media/service.ts `listMedia`): the caller's own library, by file name. */
export const searchMedia: ScopeSearch = async (db, user, term, page) => {
  const condition = and(eq(media.ownerId, user.id), matches(term, [media.filename]));
  const score = asScore(rank(term, media.filename, [media.filename]));
  return answer(
    page,
    db
      .select({ row: media, score })
      .from(media)
      .where(condition)
      .orderBy(BEST_FIRST, desc(media.createdAt), asc(media.id))
      .limit(page.limit)
      .offset(page.offset),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(media)
        .where(condition),
    (rows) =>
      rows.map(({ row, score: r }) => ({
        rank: r,
        result: {
          id: row.id,
          type: 'media',
          title: row.filename,
          subtitle: joinParts(
            kindOf(row.contentType),
            row.width && row.height ? `${row.width}×${row.height}` : null,
          ),
          url: `/media?media=${row.id}`,
        },
      })),
  );
};
