// A finder's chosen photo, kept in IndexedDB beside the text draft (draft-store.ts, localStorage, which
// cannot hold a file): a visitor who picks a photo, then logs in or signs up, finds it still there.
// Keyed by bike id. Every call resolves (never throws): where IndexedDB is missing or refuses (a private
// window), the photo is simply not kept, `keepPhoto` says so, and the page asks for it again.

const DB_NAME = 'chat-photos';
const STORE = 'photos';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('no IndexedDB'));
      return;
    }
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = act(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** Keeps the photo for the bike's draft; false when it could not be kept. */
export async function keepPhoto(bikeId: string, file: File): Promise<boolean> {
  try {
    await run('readwrite', (store) => store.put(file, bikeId));
    return true;
  } catch {
    return false;
  }
}

/** The kept photo of the bike's draft, if any. */
export async function keptPhoto(bikeId: string): Promise<File | null> {
  try {
    const value = await run<unknown>('readonly', (store) => store.get(bikeId));
    return value instanceof Blob && value.size > 0 ? (value as File) : null;
  } catch {
    return null;
  }
}

export async function dropPhoto(bikeId: string): Promise<void> {
  try {
    await run('readwrite', (store) => store.delete(bikeId));
  } catch {
    // Nothing was kept, or it cannot be reached: either way there is nothing more to do.
  }
}
