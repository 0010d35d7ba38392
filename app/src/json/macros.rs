//! The macros that give a type its JSON shape, each field and variant
//! named once. A field is `name`, `name as "key"` (serde's `rename`), and
//! either of them `= default`: read as `default` when the key is missing
//! and left out when the value equals it (serde's `default` with
//! `skip_serializing_if`). A field without a default must be there.

/// A field's key: its name, or the key given with `as`.
#[doc(hidden)]
#[macro_export]
macro_rules! json_key {
    ($field:ident) => {
        stringify!($field)
    };
    ($field:ident $key:literal) => {
        $key
    };
}

/// Writes an object of fields bound by name (as references).
#[doc(hidden)]
#[macro_export]
macro_rules! json_write_fields {
    ($out:ident; $($field:ident $(as $key:literal)? $(= $default:expr)?),*) => {
        $out.begin_object();
        $( $crate::json_write_field!($out, $field, $crate::json_key!($field $($key)?) $(, $default)?); )*
        $out.end_object();
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! json_write_field {
    ($out:ident, $field:ident, $key:expr) => {
        $out.field($key, $field)
    };
    ($out:ident, $field:ident, $key:expr, $default:expr) => {
        if *$field != $default {
            $out.field($key, $field)
        }
    };
}

/// Reads an object into `$build { fields }`; keys it does not know are
/// passed over, as serde does.
#[doc(hidden)]
#[macro_export]
macro_rules! json_read_fields {
    ($input:ident, $build:path; $($field:ident $(as $key:literal)? $(= $default:expr)?),*) => {{
        $( let mut $field = None; )*
        $input.object(|input, key| {
            $( if key == $crate::json_key!($field $($key)?) {
                $field = Some($crate::json::Json::read(input)?);
                return Ok(());
            } )*
            input.skip()
        })?;
        $build { $( $field: $crate::json_take_field!($input, $field $($key)? $(= $default)?), )* }
    }};
}

#[doc(hidden)]
#[macro_export]
macro_rules! json_take_field {
    ($input:ident, $field:ident $($key:literal)? = $default:expr) => {
        $field.unwrap_or_else(|| $default)
    };
    ($input:ident, $field:ident) => {
        $field.ok_or_else(|| $input.error(concat!("the key \"", stringify!($field), "\"")))?
    };
    ($input:ident, $field:ident $key:literal) => {
        $field.ok_or_else(|| $input.error(concat!("the key \"", $key, "\"")))?
    };
}

/// A struct's JSON shape: an object of its fields. With `: Default` before
/// the fields, every key may be missing and reads as the type's
/// `Default`, and every field is written (serde's `#[serde(default)]` on
/// the struct: a value stored by an older page still reads).
#[macro_export]
macro_rules! json_struct {
    ($ty:ty { $($field:ident $(as $key:literal)? $(= $default:expr)?),* $(,)? }) => {
        impl $crate::json::Json for $ty {
            fn write(&self, out: &mut $crate::json::Writer) {
                let Self { $($field),* } = self;
                $crate::json_write_fields!(out; $($field $(as $key)? $(= $default)?),*);
            }
            fn read(input: &mut $crate::json::Reader) -> Result<Self, $crate::json::Error> {
                Ok($crate::json_read_fields!(input, Self; $($field $(as $key)? $(= $default)?),*))
            }
        }
    };
    ($ty:ty: Default { $($field:ident),* $(,)? }) => {
        impl $crate::json::Json for $ty {
            fn write(&self, out: &mut $crate::json::Writer) {
                let Self { $($field),* } = self;
                $crate::json_write_fields!(out; $($field),*);
            }
            fn read(input: &mut $crate::json::Reader) -> Result<Self, $crate::json::Error> {
                let mut value = Self::default();
                input.object(|input, key| {
                    $( if key == stringify!($field) {
                        value.$field = $crate::json::Json::read(input)?;
                        return Ok(());
                    } )*
                    input.skip()
                })?;
                Ok(value)
            }
        }
    };
}

/// An enum's JSON shape, externally tagged as serde writes it: a unit
/// variant as its name, a newtype variant `(Type)` as `{"name":data}`, a
/// struct variant `{ fields }` as `{"name":{fields}}`. Names after `|`
/// are read as well (serde's `alias`).
#[macro_export]
macro_rules! json_enum {
    ($($shape:tt)*) => {
        $crate::json_enum_in!(string variant variant; $($shape)*);
    };
}

/// An internally tagged enum's JSON shape (serde's `tag = "type"`), as the
/// booth's messages travel: an object whose first key, `type`, names the
/// variant, followed by the keys of its data (a struct variant's fields,
/// or those of the struct a newtype variant holds). Variants as in
/// [`json_enum!`].
#[macro_export]
macro_rules! json_tagged_enum {
    ($($shape:tt)*) => {
        $crate::json_enum_in!(tagged_unit tagged tagged; $($shape)*);
    };
}

/// An enum's shape, written by the `Writer`'s methods `$unit` (a variant
/// without data) and `$data`, read by the `Reader`'s `$read`.
#[doc(hidden)]
#[macro_export]
macro_rules! json_enum_in {
    ($unit:ident $data:ident $read:ident; $ty:ty { $(
        $variant:ident $name:literal $(| $alias:literal)*
        $(( $inner:ty ))?
        $({ $($field:ident $(as $key:literal)? $(= $default:expr)?),* })?
    ),* $(,)? }) => {
        impl $crate::json::Json for $ty {
            #[allow(irrefutable_let_patterns)]
            fn write(&self, out: &mut $crate::json::Writer) {
                $( $crate::json_write_variant!(self, out, $unit $data, $variant $name
                    $(($inner))? $({ $($field $(as $key)? $(= $default)?),* })?); )*
            }
            fn read(input: &mut $crate::json::Reader) -> Result<Self, $crate::json::Error> {
                input.$read(|input, name| {
                    $( if name == $name $(|| name == $alias)* {
                        return $crate::json_read_variant!(input, $variant
                            $(($inner))? $({ $($field $(as $key)? $(= $default)?),* })?);
                    } )*
                    Err(input.error("a known variant"))
                })
            }
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! json_write_variant {
    ($self:ident, $out:ident, $unit:ident $data:ident, $variant:ident $name:literal) => {
        if let Self::$variant = $self {
            return $out.$unit($name);
        }
    };
    ($self:ident, $out:ident, $unit:ident $data:ident, $variant:ident $name:literal ($inner:ty)) => {
        if let Self::$variant(data) = $self {
            return $out.$data($name, |out| $crate::json::Json::write(data, out));
        }
    };
    ($self:ident, $out:ident, $unit:ident $data:ident, $variant:ident $name:literal
        { $($field:ident $(as $key:literal)? $(= $default:expr)?),* }) => {
        if let Self::$variant { $($field),* } = $self {
            return $out.$data($name, |out| {
                $crate::json_write_fields!(out; $($field $(as $key)? $(= $default)?),*);
            });
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! json_read_variant {
    ($input:ident, $variant:ident) => {
        Ok(Self::$variant)
    };
    ($input:ident, $variant:ident ($inner:ty)) => {
        Ok(Self::$variant($crate::json::Json::read($input)?))
    };
    ($input:ident, $variant:ident { $($field:ident $(as $key:literal)? $(= $default:expr)?),* }) => {
        Ok($crate::json_read_fields!($input, Self::$variant; $($field $(as $key)? $(= $default)?),*))
    };
}
