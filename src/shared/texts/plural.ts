/** A count with its noun, singular for one: `counted(1, 'device')` is "1 device", `counted(3, 'entry', 'entries')` "3 entries". */
export const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
