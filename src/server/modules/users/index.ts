/** The signed-in user's own account (/api/me) and the user rows other modules read and write. */
export { usersRoutes } from './users.routes';
export { toUserDto } from './user-dto';
export { freeUsername, setImage } from './users.service';
export {
  emailOwner,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserByPhone,
  insertUser,
  updateUser,
  usernameExists,
  type UserRow,
} from './users.repository';
