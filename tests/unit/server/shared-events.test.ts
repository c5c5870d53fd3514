import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventBus, type ClusterLink } from '../../../server/platform/events';
// the modules' events merge into the platform's map
import type {} from '../../../server/modules/campaigns/events';
import type {} from '../../../server/modules/messaging/events';
import type {} from '../../../server/modules/admin/events';
import type {} from '../../../server/modules/settings/events';

/** Instances on one "database": whatever one publishes every bus receives (its own included, as NOTIFY does). */
function cluster(n: number) {
  const buses = Array.from({ length: n }, () => new EventBus());
  const sent: string[] = [];
  const link: ClusterLink = {
    publish: async (message) => {
      sent.push(message);
      await Promise.all(buses.map((bus) => bus.receive(message)));
    },
  };
  for (const bus of buses) bus.connect(link, () => {});
  return { buses, sent };
}

afterEach(() => vi.useRealTimers());

describe('events shared between instances', () => {
  it('reaches listeners of the other instance, once, and not the sender twice', async () => {
    vi.useFakeTimers();
    const { buses } = cluster(2);
    const [a, b] = buses as [EventBus, EventBus];
    a.share('campaign.changed');
    b.share('campaign.changed');
    const heardA = vi.fn();
    const heardB = vi.fn();
    a.on('campaign.changed', heardA);
    b.on('campaign.changed', heardB);
    a.emit('campaign.changed', { campaignId: 'c1' });
    expect(heardA).toHaveBeenCalledTimes(1);
    expect(heardB).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(heardB).toHaveBeenCalledWith({ campaignId: 'c1' });
    expect(heardA).toHaveBeenCalledTimes(1);
  });

  it('keeps events that are not shared in their own instance', async () => {
    vi.useFakeTimers();
    const { buses, sent } = cluster(2);
    const [a, b] = buses as [EventBus, EventBus];
    const heardB = vi.fn();
    b.on('campaign.changed', heardB);
    a.emit('campaign.changed', { campaignId: 'c1' });
    await vi.runAllTimersAsync();
    expect(heardB).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it('sends a burst as few notifications, each event once, every one under the 8000-byte cap', async () => {
    vi.useFakeTimers();
    const { buses, sent } = cluster(2);
    const [a, b] = buses as [EventBus, EventBus];
    a.share('stats.changed');
    b.share('stats.changed');
    const heard: string[] = [];
    b.on('stats.changed', ({ publisherId }) => void heard.push(publisherId));
    for (let round = 0; round < 50; round++)
      for (let p = 0; p < 300; p++) a.emit('stats.changed', { advertiserId: 'adv', publisherId: `pub-${p}` });
    await vi.runAllTimersAsync();
    expect(heard.sort()).toEqual(Array.from({ length: 300 }, (_, p) => `pub-${p}`).sort());
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.length).toBeLessThan(10);
    for (const message of sent) expect(Buffer.byteLength(message)).toBeLessThan(8000);
  });

  it('sends ids and reads the rest back on arrival through the codec', async () => {
    vi.useFakeTimers();
    const { buses, sent } = cluster(2);
    const [a, b] = buses as [EventBus, EventBus];
    const stored = new Map([['m1', { id: 'm1', body: 'x'.repeat(20_000) }]]);
    const codec = {
      toWire: (p: { conversationId: string; memberIds: string[]; message: { id: string } }) => ({
        conversationId: p.conversationId,
        memberIds: p.memberIds,
        messageId: p.message.id,
      }),
      fromWire: async (wire: unknown) => {
        const w = wire as { conversationId: string; memberIds: string[]; messageId: string };
        const message = stored.get(w.messageId);
        return message ? { conversationId: w.conversationId, memberIds: w.memberIds, message } : null;
      },
    };
    a.share('message.created', codec as never);
    b.share('message.created', codec as never);
    const heard = vi.fn();
    b.on('message.created', heard);
    a.emit('message.created', {
      conversationId: 'c',
      memberIds: ['u1', 'u2'],
      message: stored.get('m1'),
    } as never);
    // a message that is gone by the time it is read back is not passed on
    a.emit('message.created', { conversationId: 'c', memberIds: ['u1'], message: { id: 'gone' } } as never);
    await vi.runAllTimersAsync();
    expect(sent.join('').length).toBeLessThan(500);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard.mock.calls[0]![0]).toMatchObject({ memberIds: ['u1', 'u2'], message: { id: 'm1' } });
  });

  it('drops garbage and messages naming events it does not share', async () => {
    const bus = new EventBus();
    bus.share('user.changed');
    const heard = vi.fn();
    bus.on('user.changed', heard);
    await bus.receive('not json');
    await bus.receive(JSON.stringify({ from: 'x', events: [{ name: 'settings.changed', wire: {} }] }));
    await bus.receive(JSON.stringify({ from: bus.instanceId, events: [{ name: 'user.changed', wire: {} }] }));
    expect(heard).not.toHaveBeenCalled();
    await bus.receive(
      JSON.stringify({ from: 'x', events: [{ name: 'user.changed', wire: { userId: 'u' } }] }),
    );
    expect(heard).toHaveBeenCalledWith({ userId: 'u' });
  });
});
