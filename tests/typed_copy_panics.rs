//! The panic of a typed `copy` or `axpby` between tensors of different
//! run-time sizes, as a user sees it: both sizes named (as the core's
//! `copy` names them), and the location the user's call, not a line of the
//! library. Its own test binary: it installs a panic hook to read the
//! location, which would see other tests' panics.

use std::panic;
use std::sync::Mutex;

use layout_dsl::tensor::{Tensor, typed};
use layout_dsl::typed::Layout;

/// The last panic's message and file, as the hook saw them.
static SEEN: Mutex<Option<(String, String)>> = Mutex::new(None);

/// Runs `f`, which must panic, and returns the panic's message and file.
fn panic_of(f: impl FnOnce() + panic::UnwindSafe) -> (String, String) {
    let previous = panic::take_hook();
    panic::set_hook(Box::new(|info| {
        let message = match info.payload().downcast_ref::<String>() {
            Some(s) => s.clone(),
            None => info
                .payload()
                .downcast_ref::<&str>()
                .map_or_else(String::new, |s| (*s).to_owned()),
        };
        let file = info
            .location()
            .map_or_else(String::new, |l| l.file().to_owned());
        *SEEN.lock().unwrap() = Some((message, file));
    }));
    let result = panic::catch_unwind(f);
    panic::set_hook(previous);
    assert!(result.is_err(), "no panic");
    SEEN.lock().unwrap().take().expect("the hook saw the panic")
}

#[test]
fn copy_and_axpby_of_different_sizes_name_them_at_the_call() {
    let (m, n) = (3usize, 8usize);
    let a = [1.0f32; 6];
    let (message, file) = panic_of(|| {
        let mut b = [0.0f32; 8];
        let s = Tensor::new(&a[..], Layout::new((2usize, m), (1usize, 2usize))).unwrap();
        let mut d = Tensor::new(&mut b[..], Layout::new(n, 1usize)).unwrap();
        typed::copy(&s, &mut d);
    });
    assert_eq!(message, "copy: the sizes differ (6 and 8)");
    assert_eq!(file, file!());

    let (message, file) = panic_of(|| {
        let mut b = [0.0f32; 8];
        let x = Tensor::new(&a[..], Layout::new((2usize, m), (1usize, 2usize))).unwrap();
        let mut y = Tensor::new(&mut b[..], Layout::new(n, 1usize)).unwrap();
        typed::axpby(2.0, &x, 1.0, &mut y);
    });
    assert_eq!(message, "axpby: the sizes differ (6 and 8)");
    assert_eq!(file, file!());
}
