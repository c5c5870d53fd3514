import { describe, expect, it } from 'vitest';
import { SseParser } from '../../../../src/features/messaging/utils/sse-parser';

describe('the live stream parser', () => {
  it('reads events split across chunks, skipping comments and the retry line', () => {
    const parser = new SseParser();
    expect(parser.push('retry: 3000\n\n: heartbeat\n\nid: 7\nevent: mess')).toEqual([]);
    expect(parser.push('age\ndata: {"body":"hi"}\n\nevent: ready\ndata: {}\n\n')).toEqual([
      { id: '7', event: 'message', data: '{"body":"hi"}' },
      { id: undefined, event: 'ready', data: '{}' },
    ]);
  });

  it('joins multi-line data and accepts CRLF line ends', () => {
    const parser = new SseParser();
    expect(parser.push('id: 9\r\ndata: a\r\ndata: b\r\n\r\n')).toEqual([
      { id: '9', event: 'message', data: 'a\nb' },
    ]);
  });
});
