import 'reflect-metadata';

type Class<T> = abstract new (...args: never[]) => T;

/** An object whose every method is a jest mock, created on first use. */
export type Fake<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? jest.Mock<R, A> : T[K] };

function fake<T>(): Fake<T> {
  const methods = new Map<PropertyKey, jest.Mock>();
  return new Proxy({} as Fake<T>, {
    get(_target, property) {
      // Not a thenable: `await fake` must not call a mock.
      if (property === 'then') return undefined;
      if (!methods.has(property)) methods.set(property, jest.fn());
      return methods.get(property);
    },
  });
}

/**
 * A service under unit test with every constructor dependency replaced by a fake whose methods are jest
 * mocks (immich's `newTestService`): repositories and collaborators are read from Nest's constructor
 * metadata, so a new dependency needs no change here. Injection tokens without a class (the environment)
 * come from `tokens`, in their order in the constructor.
 *
 *   const { sut, mocks } = newTestService(AttendeesService);
 *   mocks(AccountsRepository).findAttendeeById.mockResolvedValue(row);
 */
export function newTestService<T>(
  Service: new (...args: never[]) => T,
  tokens: unknown[] = [],
): { sut: T; mocks: <D>(dependency: Class<D>) => Fake<D> } {
  const types = (Reflect.getMetadata('design:paramtypes', Service) ?? []) as unknown[];
  const byClass = new Map<unknown, unknown>();
  const remainingTokens = [...tokens];
  const args = types.map((type) => {
    if (typeof type !== 'function' || type === Object) return remainingTokens.shift();
    if (!byClass.has(type)) byClass.set(type, fake());
    return byClass.get(type);
  });
  const sut = new Service(...(args as never[]));
  return {
    sut,
    mocks: <D>(dependency: Class<D>) => {
      const found = byClass.get(dependency);
      if (!found) throw new Error(`${Service.name} does not depend on ${dependency.name}`);
      return found as Fake<D>;
    },
  };
}
