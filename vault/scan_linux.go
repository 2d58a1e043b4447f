package vault

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// statter stats the files of one open folder, relative to it: the kernel
// looks up one name instead of the whole path.
type statter struct{ fd int }

func newStatter(dir *os.File, _ string) statter { return statter{int(dir.Fd())} }

// stat returns the size and modification time of the regular file name;
// ok is false when it is gone or no longer a regular file.
func (s statter) stat(name string) (size, mtimeNS int64, ok bool, err error) {
	var st unix.Stat_t
	for {
		err = unix.Fstatat(s.fd, name, &st, unix.AT_SYMLINK_NOFOLLOW)
		if err != unix.EINTR {
			break
		}
	}
	if errors.Is(err, unix.ENOENT) || errors.Is(err, unix.ENOTDIR) {
		return 0, 0, false, nil
	}
	if err != nil {
		return 0, 0, false, &os.PathError{Op: "lstat", Path: name, Err: err}
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG {
		return 0, 0, false, nil
	}
	return st.Size, st.Mtim.Sec*1e9 + st.Mtim.Nsec, true, nil
}
