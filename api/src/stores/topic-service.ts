import type { ManagedTopic } from '@incontra/contracts/api/store-management';
import { IT_STORES } from '@incontra/contracts/messages/it-stores';
import { recordActivity } from '../activity/activity-log';
import type { StaffContext } from '../auth/authenticate';
import type { Database, Tx } from '../db/database';
import { HttpError } from '../http/http-error';
import { servesStore } from '../tenancy/store-scope';
import { findStore } from './store-repository';
import { notFound } from './store-service';
import * as repository from './topic-repository';

const nameTaken = () => new HttpError(409, IT_STORES.errors.topicNameTaken, 'name');

export interface TopicChanges {
  name?: string;
  roomIds?: string[];
  /** Euro cents, VAT included; null: free from now on (reservations already held or paid keep theirs). */
  price?: number | null;
}

/** The rooms asked for, each once, all of the topic's store: a room of another store is a 400. */
async function checkedRoomIds(tx: Tx, companyId: string, storeId: string, roomIds: string[]): Promise<string[]> {
  const unique = [...new Set(roomIds)];
  const ofStore = await repository.roomsOfStore(tx, companyId, storeId, unique);
  if (ofStore.length !== unique.length) throw new HttpError(400, IT_STORES.validation.roomIdsInvalid, 'roomIds');
  return unique;
}

export class TopicsService {
  constructor(private readonly db: Database) {}

  /** The topics of a store the staff member serves; any other store is not found. */
  list(staff: StaffContext, storeId: string): Promise<ManagedTopic[]> {
    const companyId = staff.company.id;
    return this.db.withTenant(companyId, async (tx) => {
      if (!(await servesStore(tx, companyId, staff.user.id, storeId)) || !(await findStore(tx, companyId, storeId))) throw notFound();
      return repository.listTopics(tx, companyId, storeId);
    });
  }

  create(staff: StaffContext, storeId: string, body: { name: string; roomIds?: string[]; price?: number | null }): Promise<ManagedTopic> {
    const companyId = staff.company.id;
    return this.db.withTenant(companyId, async (tx) => {
      const store = await findStore(tx, companyId, storeId);
      if (!store) throw notFound();
      await repository.lockTopicNames(tx, storeId);
      if (await repository.topicNameTaken(tx, companyId, storeId, body.name)) throw nameTaken();
      const roomIds = await checkedRoomIds(tx, companyId, storeId, body.roomIds ?? []);
      const topic = await repository.insertTopic(tx, companyId, storeId, body.name, body.price ?? null);
      await repository.setTopicRooms(tx, companyId, topic.id, roomIds);
      const summary = IT_STORES.activity.topicCreated(topic.name, store.name);
      await recordActivity(tx, companyId, staff.user, { action: 'create', entityType: 'topic', entityId: topic.id, summary });
      const [created] = await repository.withRoomIds(tx, companyId, [topic]);
      return created!;
    });
  }

  update(staff: StaffContext, topicId: string, changes: TopicChanges): Promise<ManagedTopic> {
    const companyId = staff.company.id;
    return this.db.withTenant(companyId, async (tx) => {
      const topic = await repository.lockTopic(tx, companyId, topicId);
      if (!topic) throw notFound();
      const current = { id: topicId, storeId: topic.storeId, name: topic.name, price: topic.price };
      // Nothing to change is no change: nothing written, nothing logged.
      if (changes.name === undefined && changes.roomIds === undefined && changes.price === undefined) {
        return (await repository.withRoomIds(tx, companyId, [current]))[0]!;
      }
      if (changes.name !== undefined) {
        await repository.lockTopicNames(tx, topic.storeId);
        if (await repository.topicNameTaken(tx, companyId, topic.storeId, changes.name, topicId)) throw nameTaken();
        await repository.renameTopic(tx, companyId, topicId, changes.name);
      }
      if (changes.roomIds !== undefined) {
        await repository.setTopicRooms(tx, companyId, topicId, await checkedRoomIds(tx, companyId, topic.storeId, changes.roomIds));
      }
      if (changes.price !== undefined) await repository.setTopicPrice(tx, companyId, topicId, changes.price);
      const name = changes.name ?? topic.name;
      const summary = IT_STORES.activity.topicUpdated(name, topic.storeName);
      await recordActivity(tx, companyId, staff.user, { action: 'update', entityType: 'topic', entityId: topicId, summary });
      const price = changes.price === undefined ? topic.price : changes.price;
      const [updated] = await repository.withRoomIds(tx, companyId, [{ ...current, name, price }]);
      return updated!;
    });
  }

  delete(staff: StaffContext, topicId: string): Promise<void> {
    const companyId = staff.company.id;
    return this.db.withTenant(companyId, async (tx) => {
      const topic = await repository.lockTopic(tx, companyId, topicId);
      if (!topic) throw notFound();
      await repository.deleteTopic(tx, companyId, topicId);
      const summary = IT_STORES.activity.topicDeleted(topic.name, topic.storeName);
      await recordActivity(tx, companyId, staff.user, { action: 'delete', entityType: 'topic', entityId: topicId, summary });
    });
  }
}
